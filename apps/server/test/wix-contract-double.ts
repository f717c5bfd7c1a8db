import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendMemberPickerPage } from '../src/identity/member-picker-page';
import { closePlainServer, listenPlainServer, readBody, sendPlainText } from '../src/lib/plain-http';

/**
 * A local stand-in for the Wix APIs the app calls, built from the documented contract
 * (docs/research/wix.md §3, §2, §6, §7, §8): token endpoint (anonymous, authorization_code,
 * refresh_token), redirect sessions for login and logout, a hosted login page that redirects back
 * with ?code=&state=, the current member, and eCommerce order search with API key and site id.
 * Seedable members and orders, and fault switches for every failure the adapter must survive.
 *
 * Runs only in tests and in `npm run dev:wix`; the app never imports it. `POST /__control`
 * (seed, faults) and `GET /__control` (what was called) exist only here.
 */

export interface DoubleMember {
  id: string;
  /** null: the member has no contact (the app must refuse them). */
  contactId: string | null;
  loginEmail: string;
  nickname: string;
  firstName?: string;
  lastName?: string;
  photoUrl?: string;
  status?: 'PENDING' | 'APPROVED' | 'BLOCKED' | 'OFFLINE';
}

export interface DoubleLineItem {
  id: string;
  quantity: number;
  productName?: { original: string };
  catalogReference: { catalogItemId: string; appId?: string };
}

export interface DoubleOrder {
  id: string;
  number?: string;
  createdDate?: string;
  status: 'INITIALIZED' | 'APPROVED' | 'CANCELED' | 'PENDING' | 'REJECTED';
  paymentStatus: string;
  buyerInfo: { contactId?: string; memberId?: string; email?: string };
  lineItems: DoubleLineItem[];
}

export interface DoubleFaults {
  /** The token endpoint answers with this status (for the listed grant types, or all). */
  tokenError?: { status: number; statusText: string; requestId?: string; grantTypes?: string[] } | null;
  /** The token endpoint waits this long before answering. */
  tokenDelayMs?: number;
  /** The hosted login page returns a state other than the one it was given. */
  wrongState?: boolean;
  /** Every refresh token is refused (expired or revoked). */
  refreshRevoked?: boolean;
  /** Order search answers 503. */
  ordersDown?: boolean;
  /** Order search waits this long before answering. */
  ordersDelayMs?: number;
}

export interface DoubleOptions {
  port?: number;
  host?: string;
  clientId: string;
  /** Allowed authorization redirect URIs (Headless settings). */
  redirectUris?: string[];
  apiKey: string;
  siteId: string;
  members?: DoubleMember[];
  orders?: DoubleOrder[];
  /** Access token lifetime (Wix: 14 400 s). */
  accessTokenTtlSeconds?: number;
  /** Orders per page at most (Wix: up to 100); small values exercise cursor paging. */
  orderPageSize?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  siteId: string | null;
  body: unknown;
}

export interface ControlCommand {
  reset?: boolean;
  members?: DoubleMember[];
  orders?: DoubleOrder[];
  faults?: DoubleFaults;
  redirectUris?: string[];
  accessTokenTtlSeconds?: number;
  orderPageSize?: number;
  /** Revoke the refresh tokens of one member (by id), or of everyone with `true`. */
  revokeRefreshTokens?: string | true;
}

export interface WixContractDouble {
  url: string;
  port: number;
  control(command: ControlCommand): void;
  /** Requests received, oldest first (control calls and hosted pages excluded). */
  requests(): RecordedRequest[];
  /** Member ids whose Wix session was ended through a logout redirect session. */
  logouts(): string[];
  close(): Promise<void>;
}

interface TokenGrant {
  role: 'visitor' | 'member';
  memberId: string | null;
  expiresAt: number;
}

interface PendingAuth {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  responseMode: string;
  state: string;
  createdAt: number;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  memberId: string;
  expiresAt: number;
  used: boolean;
}

const SUPPORTED_ORDER_FILTERS = new Set([
  'lineItems.catalogReference.catalogItemId',
  'buyerInfo.contactId',
  'buyerInfo.memberId',
  'buyerInfo.email',
  'paymentStatus',
  'status',
  'archived',
  'createdDate',
  'id',
  'number',
]);

export async function startWixContractDouble(options: DoubleOptions): Promise<WixContractDouble> {
  const host = options.host ?? '127.0.0.1';
  let members = new Map((options.members ?? []).map((m) => [m.id, m]));
  let orders = new Map((options.orders ?? []).map((o) => [o.id, o]));
  const redirectUris = new Set(options.redirectUris ?? []);
  let faults: DoubleFaults = {};
  let accessTtl = options.accessTokenTtlSeconds ?? 14_400;
  let orderPageSize = options.orderPageSize ?? 100;
  const accessTokens = new Map<string, TokenGrant>();
  const refreshTokens = new Map<string, { memberId: string | null; revoked: boolean }>();
  const pendingAuths = new Map<string, PendingAuth>();
  const pendingLogouts = new Map<string, { memberId: string; postFlowUrl: string }>();
  const codes = new Map<string, IssuedCode>();
  const recorded: RecordedRequest[] = [];
  const loggedOut: string[] = [];

  const { server, port } = await listenPlainServer(options.port ?? 0, host);
  const url = `http://${host}:${port}`;

  const control = (command: ControlCommand) => {
    if (command.reset) {
      members = new Map();
      orders = new Map();
      faults = {};
      accessTtl = options.accessTokenTtlSeconds ?? 14_400;
      orderPageSize = options.orderPageSize ?? 100;
      recorded.length = 0;
      loggedOut.length = 0;
    }
    for (const member of command.members ?? []) {
      members.set(member.id, member);
    }
    for (const order of command.orders ?? []) {
      orders.set(order.id, order);
    }
    if (command.faults) {
      faults = { ...faults, ...command.faults };
    }
    for (const uri of command.redirectUris ?? []) {
      redirectUris.add(uri);
    }
    if (command.accessTokenTtlSeconds !== undefined) {
      accessTtl = command.accessTokenTtlSeconds;
    }
    if (command.orderPageSize !== undefined) {
      orderPageSize = command.orderPageSize;
    }
    if (command.revokeRefreshTokens !== undefined) {
      for (const grant of refreshTokens.values()) {
        if (command.revokeRefreshTokens === true || grant.memberId === command.revokeRefreshTokens) {
          grant.revoked = true;
        }
      }
    }
  };

  const issueTokens = (role: 'visitor' | 'member', memberId: string | null, withRefresh: boolean) => {
    const accessToken = `OauthNG.JWS.${randomBytes(24).toString('base64url')}`;
    accessTokens.set(accessToken, { role, memberId, expiresAt: Date.now() + accessTtl * 1000 });
    const body: Record<string, unknown> = { access_token: accessToken, token_type: 'Bearer', expires_in: accessTtl };
    if (withRefresh) {
      const refreshToken = `JWS.${randomBytes(24).toString('base64url')}`;
      refreshTokens.set(refreshToken, { memberId, revoked: false });
      body.refresh_token = refreshToken;
    }
    return body;
  };

  /** The raw token, exactly as Wix expects it: no `Bearer ` prefix (docs/research/wix.md §2). */
  const tokenFrom = (req: IncomingMessage): TokenGrant | null => {
    const header = req.headers.authorization;
    if (!header || /^bearer /i.test(header)) {
      return null;
    }
    const grant = accessTokens.get(header);
    return grant && grant.expiresAt > Date.now() ? grant : null;
  };

  const handleToken = async (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) => {
    const field = (camel: string, snake: string) => {
      const value = body[camel] ?? body[snake];
      return typeof value === 'string' ? value : undefined;
    };
    const grantType = field('grantType', 'grant_type');
    if (faults.tokenDelayMs) {
      await sleep(faults.tokenDelayMs);
    }
    const fault = faults.tokenError;
    if (fault && (!fault.grantTypes || (grantType && fault.grantTypes.includes(grantType)))) {
      return send(
        res,
        fault.status,
        { error: 'server_error', error_description: 'fault switch' },
        {
          statusText: fault.statusText,
          requestId: fault.requestId,
        },
      );
    }
    if (field('clientId', 'client_id') !== options.clientId) {
      return send(
        res,
        400,
        { error: 'invalid_client', error_description: 'unknown clientId' },
        { statusText: 'Bad Request' },
      );
    }
    switch (grantType) {
      case 'anonymous':
        return send(res, 200, issueTokens('visitor', null, true));
      case 'authorization_code': {
        const code = codes.get(field('code', 'code') ?? '');
        const verifier = field('codeVerifier', 'code_verifier') ?? '';
        const problem = !code
          ? 'unknown code'
          : code.used
            ? 'code already used'
            : code.expiresAt < Date.now()
              ? 'code expired'
              : code.redirectUri !== field('redirectUri', 'redirect_uri')
                ? 'redirectUri does not match'
                : createHash('sha256').update(verifier, 'ascii').digest('base64url') !== code.codeChallenge
                  ? 'codeVerifier does not match codeChallenge'
                  : null;
        if (code) {
          code.used = true; // one use, even when the exchange fails
        }
        if (problem || !code) {
          return send(res, 400, { error: 'invalid_grant', error_description: problem }, { statusText: 'Bad Request' });
        }
        return send(res, 200, issueTokens('member', code.memberId, true));
      }
      case 'refresh_token': {
        const grant = refreshTokens.get(field('refreshToken', 'refresh_token') ?? '');
        if (!grant || grant.revoked || faults.refreshRevoked) {
          return send(
            res,
            400,
            { error: 'invalid_grant', error_description: 'refresh token revoked or unknown' },
            {
              statusText: 'Bad Request',
            },
          );
        }
        // Wix returns a new access token; the refresh token stays the one the client has.
        return send(res, 200, issueTokens(grant.memberId ? 'member' : 'visitor', grant.memberId, false));
      }
      case undefined:
      default:
        return send(res, 400, { error: 'unsupported_grant_type' }, { statusText: 'Bad Request' });
    }
  };

  const handleRedirectSession = (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) => {
    const grant = tokenFrom(req);
    if (!grant) {
      return send(res, 401, { message: 'UNAUTHENTICATED: missing, expired or malformed token' });
    }
    const auth = body.auth as { authRequest?: Record<string, unknown>; prompt?: unknown } | undefined;
    const logout = body.logout as { clientId?: unknown } | undefined;
    if (auth?.authRequest) {
      const a = auth.authRequest;
      const problem =
        a.clientId !== options.clientId
          ? 'unknown clientId'
          : typeof a.redirectUri !== 'string' || !redirectUris.has(a.redirectUri)
            ? 'redirectUri is not an allowed authorization redirect URI'
            : a.codeChallengeMethod !== 'S256'
              ? 'codeChallengeMethod must be S256'
              : typeof a.codeChallenge !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(a.codeChallenge)
                ? 'codeChallenge is not a base64url SHA-256'
                : a.responseType !== 'code'
                  ? 'responseType must be code'
                  : !['query', 'fragment', 'web_message'].includes(String(a.responseMode))
                    ? 'unknown responseMode'
                    : typeof a.state !== 'string' || a.state === ''
                      ? 'state is required'
                      : null;
      if (problem) {
        return send(res, 400, { message: `INVALID_ARGUMENT: ${problem}` });
      }
      const id = randomBytes(12).toString('hex');
      pendingAuths.set(id, {
        clientId: String(a.clientId),
        redirectUri: String(a.redirectUri),
        codeChallenge: String(a.codeChallenge),
        responseMode: String(a.responseMode),
        state: String(a.state),
        createdAt: Date.now(),
      });
      return send(res, 200, redirectSession(id, `${url}/__hosted/login/${id}`));
    }
    if (logout) {
      const postFlowUrl = (body.callbacks as { postFlowUrl?: unknown } | undefined)?.postFlowUrl;
      if (logout.clientId !== options.clientId || typeof postFlowUrl !== 'string') {
        return send(res, 400, { message: 'INVALID_ARGUMENT: logout needs clientId and callbacks.postFlowUrl' });
      }
      if (grant.role !== 'member' || !grant.memberId) {
        return send(res, 403, { message: 'PERMISSION_DENIED: logout needs a member token' });
      }
      const id = randomBytes(12).toString('hex');
      pendingLogouts.set(id, { memberId: grant.memberId, postFlowUrl });
      return send(res, 200, redirectSession(id, `${url}/__hosted/logout/${id}`));
    }
    return send(res, 400, { message: 'INVALID_ARGUMENT: auth or logout is required' });
  };

  const handleHostedLogin = async (req: IncomingMessage, res: ServerResponse, id: string) => {
    const pending = pendingAuths.get(id);
    if (!pending || Date.now() - pending.createdAt > 10 * 60_000) {
      sendPlainText(res, 404, 'This login link has expired.');
      return;
    }
    if (req.method !== 'POST') {
      sendMemberPickerPage(res, {
        title: 'Wix site login (contract double)',
        heading: 'Wix site login',
        notice: {
          lead: 'Test double.',
          text:
            "This page stands in for the institute's Wix membership site " +
            '(members are seeded by the test or the demo script).',
        },
        accent: { color: '#116dff', background: '#e7f0ff' },
        action: `/__hosted/login/${id}`,
        field: 'member',
        members: [...members.values()].map((m) => ({
          value: m.id,
          label: `Log in as ${m.nickname} (${m.loginEmail})`,
        })),
        withCancel: true,
      });
      return;
    }
    const form = new URLSearchParams(await readBody(req, 1_000_000));
    pendingAuths.delete(id);
    const state = faults.wrongState ? `${pending.state}-tampered` : pending.state;
    const params = new URLSearchParams();
    const member = members.get(form.get('member') ?? '');
    if (form.has('cancel') || !member) {
      params.set('error', 'access_denied');
      params.set('error_description', 'The member cancelled the login');
    } else {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, {
        clientId: pending.clientId,
        redirectUri: pending.redirectUri,
        codeChallenge: pending.codeChallenge,
        memberId: member.id,
        expiresAt: Date.now() + 10 * 60_000,
        used: false,
      });
      params.set('code', code);
    }
    params.set('state', state);
    const separator = pending.responseMode === 'query' ? (pending.redirectUri.includes('?') ? '&' : '?') : '#';
    res.writeHead(302, { location: `${pending.redirectUri}${separator}${params.toString()}` });
    res.end();
  };

  const handleHostedLogout = (res: ServerResponse, id: string) => {
    const pending = pendingLogouts.get(id);
    pendingLogouts.delete(id);
    if (!pending) {
      sendPlainText(res, 404, 'This logout link has expired.');
      return;
    }
    loggedOut.push(pending.memberId);
    res.writeHead(302, { location: pending.postFlowUrl });
    res.end();
  };

  const handleMember = (req: IncomingMessage, res: ServerResponse, query: URLSearchParams) => {
    const grant = tokenFrom(req);
    if (!grant) {
      return send(res, 401, { message: 'UNAUTHENTICATED' });
    }
    const member = grant.memberId ? members.get(grant.memberId) : undefined;
    if (grant.role !== 'member' || !member) {
      return send(res, 403, { message: 'PERMISSION_DENIED: requires a member identity' });
    }
    // PUBLIC (the default) returns the id and profile only; FULL adds contact and login e-mail (wix.md §6).
    const isFull = query.getAll('fieldsets').includes('FULL');
    const now = new Date().toISOString();
    return send(res, 200, {
      member: {
        id: member.id,
        profile: {
          nickname: member.nickname,
          slug: member.nickname.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          ...(member.photoUrl ? { photo: { url: member.photoUrl, height: 0, width: 0 } } : {}),
        },
        privacyStatus: 'PRIVATE',
        activityStatus: 'ACTIVE',
        ...(isFull
          ? {
              loginEmail: member.loginEmail,
              loginEmailVerified: true,
              status: member.status ?? 'APPROVED',
              ...(member.contactId ? { contactId: member.contactId } : {}),
              contact: { firstName: member.firstName ?? '', lastName: member.lastName ?? '' },
              createdDate: now,
              updatedDate: now,
              lastLoginDate: now,
            }
          : {}),
      },
    });
  };

  const handleOrderSearch = async (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) => {
    if (req.headers.authorization !== options.apiKey || req.headers['wix-site-id'] !== options.siteId) {
      return send(res, 403, { message: 'PERMISSION_DENIED: API key or wix-site-id missing or wrong' });
    }
    if (faults.ordersDelayMs) {
      await sleep(faults.ordersDelayMs);
    }
    if (faults.ordersDown) {
      return send(res, 503, { message: 'UNAVAILABLE' }, { statusText: 'Service Unavailable' });
    }
    const search = (body.search ?? {}) as {
      filter?: Record<string, unknown>;
      cursorPaging?: { limit?: number; cursor?: string };
    };
    let filter = search.filter ?? {};
    let offset = 0;
    if (search.cursorPaging?.cursor) {
      try {
        const decoded = JSON.parse(Buffer.from(search.cursorPaging.cursor, 'base64url').toString('utf8')) as {
          filter: Record<string, unknown>;
          offset: number;
        };
        filter = decoded.filter;
        offset = decoded.offset;
      } catch {
        return send(res, 400, { message: 'INVALID_ARGUMENT: bad cursor' });
      }
    }
    let matches: DoubleOrder[];
    try {
      matches = [...orders.values()].filter(
        (order) => order.status !== 'INITIALIZED' && matchesFilter(order, filter, SUPPORTED_ORDER_FILTERS),
      );
    } catch (error) {
      return send(res, 400, { message: `INVALID_ARGUMENT: ${(error as Error).message}` });
    }
    matches.sort((a, b) => (b.createdDate ?? '').localeCompare(a.createdDate ?? ''));
    const limit = Math.min(Math.max(1, search.cursorPaging?.limit ?? 100), 100, orderPageSize);
    const page = matches.slice(offset, offset + limit);
    const hasNext = offset + limit < matches.length;
    const next = hasNext ? Buffer.from(JSON.stringify({ filter, offset: offset + limit })).toString('base64url') : null;
    return send(res, 200, {
      orders: page,
      metadata: { count: page.length, cursors: { next, prev: null }, hasNext },
    });
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const target = new URL(req.url ?? '/', url);
    const path = target.pathname;
    const route = async () => {
      if (path === '/__control') {
        if (req.method === 'POST') {
          control(JSON.parse((await readBody(req, 1_000_000)) || '{}') as ControlCommand);
        }
        return send(res, 200, { requests: recorded, logouts: loggedOut });
      }
      const hosted = /^\/__hosted\/(login|logout)\/([a-f0-9]+)$/.exec(path);
      if (hosted) {
        return hosted[1] === 'login' ? handleHostedLogin(req, res, hosted[2]!) : handleHostedLogout(res, hosted[2]!);
      }
      const raw = req.method === 'POST' ? await readBody(req, 1_000_000) : '';
      const body = parseBody(raw, req.headers['content-type']);
      recorded.push({
        method: req.method ?? 'GET',
        path: `${path}${target.search}`,
        authorization: req.headers.authorization ?? null,
        siteId: (req.headers['wix-site-id'] as string | undefined) ?? null,
        body,
      });
      if (recorded.length > 1000) {
        recorded.shift();
      }
      if (req.method === 'POST' && path === '/oauth2/token') {
        return handleToken(req, res, body ?? {});
      }
      if (req.method === 'POST' && path === '/_api/redirects-api/v1/redirect-session') {
        return handleRedirectSession(req, res, body ?? {});
      }
      if (req.method === 'GET' && path === '/members/v1/members/my') {
        return handleMember(req, res, target.searchParams);
      }
      if (req.method === 'POST' && path === '/ecom/v1/orders/search') {
        return handleOrderSearch(req, res, body ?? {});
      }
      return send(res, 404, { message: `NOT_FOUND: ${req.method} ${path}` });
    };
    route().catch((error: unknown) => {
      if (!res.headersSent) {
        send(res, 500, { message: `INTERNAL: ${(error as Error).message}` });
      } else {
        res.end();
      }
    });
  });

  return {
    url,
    port,
    control,
    requests: () => [...recorded],
    logouts: () => [...loggedOut],
    close: () => closePlainServer(server),
  };
}

function redirectSession(id: string, fullUrl: string) {
  return {
    redirectSession: {
      id,
      fullUrl,
      shortUrl: fullUrl,
      sessionToken: randomBytes(16).toString('hex'),
      urlDetails: { endpoint: fullUrl, searchParams: {} },
    },
  };
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  options: { statusText?: string; requestId?: string } = {},
): void {
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'x-wix-request-id': options.requestId ?? `req-${randomBytes(8).toString('hex')}`,
  };
  if (options.statusText) {
    res.writeHead(status, options.statusText, headers);
  } else {
    res.writeHead(status, headers);
  }
  res.end(JSON.stringify(body));
}

function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> | null {
  if (!raw) {
    return null;
  }
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The values at a dotted path, looking through arrays (`lineItems.catalogReference.catalogItemId`). */
function valuesAt(value: unknown, path: string[]): unknown[] {
  if (path.length === 0) {
    return Array.isArray(value) ? value : [value];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item) => valuesAt(item, path));
  }
  if (value && typeof value === 'object') {
    return valuesAt((value as Record<string, unknown>)[path[0]!], path.slice(1));
  }
  return [];
}

/** The Wix API Query Language operators the order search supports (docs/research/wix.md §7). */
function matchesFilter(entity: unknown, filter: Record<string, unknown>, supported: Set<string>): boolean {
  return Object.entries(filter).every(([key, condition]) => {
    if (key === '$and' || key === '$or') {
      const parts = condition as Record<string, unknown>[];
      return key === '$and'
        ? parts.every((part) => matchesFilter(entity, part, supported))
        : parts.some((part) => matchesFilter(entity, part, supported));
    }
    if (!supported.has(key)) {
      throw new Error(`filter on ${key} is not supported`);
    }
    const values = valuesAt(entity, key.split('.'));
    const operators =
      condition && typeof condition === 'object' && !Array.isArray(condition)
        ? (condition as Record<string, unknown>)
        : { $eq: condition };
    return Object.entries(operators).every(([operator, operand]) => {
      const list = Array.isArray(operand) ? operand : [operand];
      switch (operator) {
        case '$eq':
          return values.some((v) => v === operand);
        case '$ne':
          return values.every((v) => v !== operand);
        case '$in':
        case '$hasSome':
          return values.some((v) => list.includes(v));
        case '$nin':
          return values.every((v) => !list.includes(v));
        case '$hasAll':
          return list.every((item) => values.includes(item));
        case '$exists':
          return operand ? values.some((v) => v !== undefined && v !== null) : values.every((v) => v === undefined);
        default:
          throw new Error(`operator ${operator} is not supported`);
      }
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
