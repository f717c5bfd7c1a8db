/**
 * A small browser stand-in for integration tests: keeps cookies per origin, sends the Origin
 * header on state-changing requests like a browser does, and never follows redirects by itself.
 */
export class TestClient {
  private readonly jar = new Map<string, Map<string, string>>();

  constructor(readonly baseUrl: string) {}

  cookie(name: string, origin = this.baseUrl): string | undefined {
    return this.jar.get(new URL(origin).host)?.get(name);
  }

  setCookie(name: string, value: string, origin = this.baseUrl): void {
    const host = new URL(origin).host;
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    cookies.set(name, value);
    this.jar.set(host, cookies);
  }

  async fetch(url: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const target = new URL(url, this.baseUrl);
    const headers = new Headers(init.headers);
    const cookies = this.jar.get(target.host);
    if (cookies && cookies.size > 0) {
      headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const method = (init.method ?? 'GET').toUpperCase();
    if (!['GET', 'HEAD'].includes(method) && !headers.has('origin')) {
      headers.set('origin', target.origin);
    }
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = await fetch(target, { ...init, method, headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) {
        continue;
      }
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const isExpired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0/i.test(a));
      if (isExpired || value === '') {
        this.jar.get(target.host)?.delete(name);
      } else {
        this.setCookie(name, value, target.origin);
      }
    }
    return response;
  }

  get(path: string, init: RequestInit = {}) {
    return this.fetch(path, { ...init, method: 'GET' });
  }

  post(path: string, json?: unknown, init: RequestInit = {}) {
    return this.fetch(path, { ...init, method: 'POST', json });
  }

  put(path: string, json?: unknown, init: RequestInit = {}) {
    return this.fetch(path, { ...init, method: 'PUT', json });
  }

  /** Follows redirects like a browser, returning every hop; stops at the first non-redirect. */
  async follow(url: string, init: RequestInit & { json?: unknown } = {}, maxHops = 10): Promise<Response[]> {
    const hops: Response[] = [];
    let next: string | null = url;
    let request = init;
    let base = this.baseUrl;
    while (next && hops.length < maxHops) {
      const target = new URL(next, base);
      const response = await this.fetch(target.href, request);
      hops.push(response);
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      next = location;
      base = target.href;
      request = {};
    }
    return hops;
  }
}

/** The `error` object of an API error response. */
export async function readError(
  response: Response,
): Promise<{ code: string; message: string; fields?: Record<string, string> }> {
  const body = (await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } };
  return body.error;
}
