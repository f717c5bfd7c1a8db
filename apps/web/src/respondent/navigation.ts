import { useEffect, useState } from 'react';

// A tiny router for the two patient paths: no router library in this bundle (it must stay small for phones).

export type PatientRoute = { page: 'test'; code: string } | { page: 'consent'; code: string } | { page: 'unknown' };

export function matchRoute(pathname: string): PatientRoute {
  const match = /^\/(test|consent)\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[2]) {
    return { page: 'unknown' };
  }
  let code: string;
  try {
    code = decodeURIComponent(match[2]);
  } catch {
    return { page: 'unknown' };
  }
  return { page: match[1] === 'consent' ? 'consent' : 'test', code };
}

const listeners = new Set<() => void>();
let navigated = false;

/** Whether the page has moved in place at least once (then each new page takes the focus). */
export const hasNavigated = () => navigated;

/** Moves to another patient path without reloading the page. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) {
    window.history.replaceState(null, '', path);
  } else {
    window.history.pushState(null, '', path);
  }
  navigated = true;
  window.scrollTo(0, 0);
  for (const listener of listeners) {
    listener();
  }
}

export function usePathname(): string {
  const [pathname, setPathname] = useState(() => window.location.pathname);
  useEffect(() => {
    const update = () => {
      navigated = true;
      setPathname(window.location.pathname);
    };
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return pathname;
}

export const testPath = (code: string) => `/test/${encodeURIComponent(code)}`;
export const consentPath = (code: string) => `/consent/${encodeURIComponent(code)}`;
