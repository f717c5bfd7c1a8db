import { DOMAIN_KEYS, FACET_KEYS, type DomainKey, type FacetKey } from './keys';
import type { Level } from './levels';
import type { BriefFormScoreResult, BriefScaleScore } from './score-brief-form';
import type { AnyScoreResult, ScoreResult } from './score-responses';
import type { ShortFormScoreResult } from './score-short-form';
import type { PrdFlag, SdtdFlag } from './validity-scales';

// The exact JSON printed by the CLI (`npm run --silent score -- [--form sf|bf] <responses>`). This shape is compared
// with an independent scorer, so it is deliberately small and fixed, and kept apart from the rich results.
// Numbers are not rounded. Key order: facets in FACET_KEYS order, domains in DOMAIN_KEYS order. The full form's
// shape is unchanged (no `form` key); the short and brief forms' JSON starts with `form`.

export interface CliFacetJson {
  score: number | null;
  missing: number;
  srf: number | null;
  irf: number | null;
  level: Level | null;
}

export interface CliDomainJson {
  score: number | null;
  srf: number | null;
  irf: number | null;
  level: Level | null;
}

export interface CliJson {
  facets: Record<FacetKey, CliFacetJson>;
  domains: Record<DomainKey, CliDomainJson>;
  validity: {
    missing: number;
    INC: { score: number | null; flag: boolean };
    ORS: { score: number | null; flag: boolean };
    PRD: { score: number | null; flag: PrdFlag | null };
    SDTD: { score: number | null; flag: SdtdFlag | null };
  };
}

export function toCliJson(result: ScoreResult): CliJson {
  const facets = {} as Record<FacetKey, CliFacetJson>;
  for (const key of FACET_KEYS) {
    const f = result.facets[key];
    facets[key] = { score: f.score, missing: f.missing, srf: f.srf, irf: f.irf, level: f.level };
  }
  const domains = {} as Record<DomainKey, CliDomainJson>;
  for (const key of DOMAIN_KEYS) {
    const d = result.domains[key];
    domains[key] = { score: d.score, srf: d.srf, irf: d.irf, level: d.level };
  }
  const { validity } = result;
  return {
    facets,
    domains,
    validity: {
      missing: validity.missing,
      INC: { score: validity.INC.score, flag: validity.INC.flag },
      ORS: { score: validity.ORS.score, flag: validity.ORS.flag },
      PRD: { score: validity.PRD.score, flag: validity.PRD.flag },
      SDTD: { score: validity.SDTD.score, flag: validity.SDTD.flag },
    },
  };
}

export interface ShortFormCliJson {
  form: 'SF';
  facets: Record<FacetKey, CliFacetJson>;
  domains: Record<DomainKey, CliDomainJson>;
  validity: { missing: number; INCS: { score: number | null; flag: boolean } };
}

/** A brief-form domain or the total: scored from items, so with its missing count. */
export type CliBriefScaleJson = CliFacetJson;

export interface BriefFormCliJson {
  form: 'BF';
  domains: Record<DomainKey, CliBriefScaleJson>;
  total: CliBriefScaleJson;
  validity: { missing: number };
}

export function toShortFormCliJson(result: ShortFormScoreResult): ShortFormCliJson {
  const facets = {} as Record<FacetKey, CliFacetJson>;
  for (const key of FACET_KEYS) {
    const f = result.facets[key];
    facets[key] = { score: f.score, missing: f.missing, srf: f.srf, irf: f.irf, level: f.level };
  }
  const domains = {} as Record<DomainKey, CliDomainJson>;
  for (const key of DOMAIN_KEYS) {
    const d = result.domains[key];
    domains[key] = { score: d.score, srf: d.srf, irf: d.irf, level: d.level };
  }
  const { INCS } = result.validity;
  return {
    form: 'SF',
    facets,
    domains,
    validity: { missing: result.validity.missing, INCS: { score: INCS.score, flag: INCS.flag } },
  };
}

export function toBriefFormCliJson(result: BriefFormScoreResult): BriefFormCliJson {
  const scale = (s: BriefScaleScore): CliBriefScaleJson => ({
    score: s.score,
    missing: s.missing,
    srf: s.srf,
    irf: s.irf,
    level: s.level,
  });
  const domains = {} as Record<DomainKey, CliBriefScaleJson>;
  for (const key of DOMAIN_KEYS) {
    domains[key] = scale(result.domains[key]);
  }
  return { form: 'BF', domains, total: scale(result.total), validity: { missing: result.validity.missing } };
}

/** The CLI JSON of a result of any form. */
export function toAnyCliJson(result: AnyScoreResult): CliJson | ShortFormCliJson | BriefFormCliJson {
  switch (result.form) {
    case 'FULL':
      return toCliJson(result);
    case 'SF':
      return toShortFormCliJson(result);
    case 'BF':
      return toBriefFormCliJson(result);
  }
}
