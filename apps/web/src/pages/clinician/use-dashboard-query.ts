import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_ASSESSMENT_SORT,
  parseAssessmentForm,
  parseAssessmentSort,
  parseAssessmentStatusFilter,
  parsePageNumber,
  type AssessmentSort,
  type AssessmentStatusFilter,
} from '@pid5/contract';
import { useAssessments } from '../../api/assessments';
import { filterSearchParams } from '../../lib/search-params';

const SEARCH_DELAY_MS = 300;

/** A change to the dashboard's query; a change of anything but the page starts again at page 1 where it says so. */
export interface DashboardQueryChange {
  search?: string;
  sort?: AssessmentSort;
  status?: AssessmentStatusFilter;
  page?: number;
  form?: string;
}

/**
 * The dashboard's list as the URL asks for it (search, form filter, sort, status, page), the search box's text that
 * reaches the URL after a short pause, and the filters the exports share with the table.
 */
export function useDashboardQuery() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const sort = parseAssessmentSort(params.get('sort'));
  const status = parseAssessmentStatusFilter(params.get('status'));
  const page = parsePageNumber(params.get('page'));
  const form = parseAssessmentForm(params.get('form'));

  const list = useAssessments({ search, sort, status, page, form: form ?? undefined });
  // The export lists what the table lists (every page of it): the same search, status and form.
  const exportFilters = Object.fromEntries(
    filterSearchParams({ search: search.trim(), status, form: form ?? '' }, { status: 'all' }),
  );

  const update = (changes: DashboardQueryChange) => {
    const query = filterSearchParams(
      { search, form: form ?? '', sort, status, page, ...changes },
      { sort: DEFAULT_ASSESSMENT_SORT, status: 'all', page: 1 },
    );
    setParams(query, { replace: changes.page === undefined });
  };

  // The search box updates the URL after a short pause; a search always starts again at page 1.
  const [searchText, setSearchText] = useState(search);
  const lastSent = useRef(search);
  useEffect(() => {
    if (search !== lastSent.current) {
      // The URL changed from outside (back button, a link): show its search.
      lastSent.current = search;
      setSearchText(search);
    }
  }, [search]);
  useEffect(() => {
    if (searchText.trim() === lastSent.current) {
      return;
    }
    const timer = setTimeout(() => {
      lastSent.current = searchText.trim();
      update({ search: searchText.trim(), page: 1 });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `update` reads the current URL each render.
  }, [searchText]);

  // A page number past the end (an old link) moves to the last page the server answered with.
  const servedPage = list.data?.page;
  useEffect(() => {
    if (servedPage !== undefined && servedPage !== page && !list.isPlaceholderData) {
      update({ page: servedPage });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the served page differs.
  }, [servedPage, page, list.isPlaceholderData]);

  return {
    sort,
    status,
    page,
    form,
    list,
    exportFilters,
    isFiltered: Object.keys(exportFilters).length > 0,
    searchText,
    setSearchText,
    update,
  };
}
