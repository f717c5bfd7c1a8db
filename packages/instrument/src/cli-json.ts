import { DOMAIN_KEYS, FACET_KEYS, type DomainKey, type FacetKey } from './keys';
import type { Level } from './levels';
import type { ScoreResult } from './score-responses';
import type { PrdFlag, SdtdFlag } from './score-validity';

// The exact JSON printed by the CLI (`npm run --silent score -- <220 characters>`). This shape is compared with an
// independent scorer, so it is deliberately small and fixed, and kept apart from the rich `ScoreResult`.
// Numbers are not rounded. Key order: facets in FACET_KEYS order, domains in DOMAIN_KEYS order.

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
