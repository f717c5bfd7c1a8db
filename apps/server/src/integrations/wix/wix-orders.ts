import { z } from 'zod';
import { expectOk, fetchWix, WixHttpError } from './wix-api';

/**
 * eCommerce Search Orders (docs/research/wix.md §7): `POST /ecom/v1/orders/search` with the site's API
 * key (`Authorization: <API key>`, no Bearer) and `wix-site-id`. A member token cannot read orders.
 */

const ZLineItem = z.looseObject({
  id: z.string().min(1),
  quantity: z.coerce.number(),
  productName: z.looseObject({ original: z.string().nullish() }).nullish(),
  catalogReference: z.looseObject({ catalogItemId: z.string().nullish() }).nullish(),
});

const ZOrder = z.looseObject({
  id: z.string().min(1),
  number: z.union([z.string(), z.number()]).nullish(),
  status: z.string().nullish(),
  paymentStatus: z.string().nullish(),
  createdDate: z.string().nullish(),
  buyerInfo: z.looseObject({ contactId: z.string().nullish(), memberId: z.string().nullish() }).nullish(),
  lineItems: z.array(ZLineItem).nullish(),
});
export type WixOrder = z.infer<typeof ZOrder>;

const ZCursors = z.looseObject({ next: z.string().nullish() }).nullish();
const ZSearchResponse = z.looseObject({
  orders: z.array(ZOrder).nullish(),
  // `metadata` per the docs' examples; `pagingMetadata` is what other Wix search APIs call it
  // (docs/research/wix.md §7 and §9.3: unverified), so either is read.
  metadata: z.looseObject({ cursors: ZCursors, hasNext: z.boolean().nullish() }).nullish(),
  pagingMetadata: z.looseObject({ cursors: ZCursors, hasNext: z.boolean().nullish() }).nullish(),
});

export interface WixOrdersSettings {
  apiBase: string;
  apiKey: string;
  siteId: string;
  testProductId: string;
  timeoutSeconds: number;
}

/** A safety stop: 100 pages of 100 orders for one clinician is far beyond any real purchase history. */
const MAX_PAGES = 100;
const PAGE_SIZE = 100;

/**
 * Every order of one buyer (by contactId, the identity we sign members in with) containing the
 * test product, following `metadata.cursors.next` until it is empty. The first request carries
 * the filter and sort; later ones only the cursor, which encodes them (Wix cursor paging).
 */
export async function searchTestOrders(
  settings: WixOrdersSettings,
  options: { contactId: string },
): Promise<WixOrder[]> {
  const orders: WixOrder[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const search: Record<string, unknown> = cursor
      ? { cursorPaging: { limit: PAGE_SIZE, cursor } }
      : {
          filter: {
            'lineItems.catalogReference.catalogItemId': { $hasSome: [settings.testProductId] },
            'buyerInfo.contactId': { $eq: options.contactId },
          },
          sort: [{ fieldName: 'createdDate', order: 'DESC' }],
          cursorPaging: { limit: PAGE_SIZE },
        };
    const response = await fetchWix(
      `${settings.apiBase}/ecom/v1/orders/search`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: settings.apiKey,
          'wix-site-id': settings.siteId,
        },
        body: JSON.stringify({ search }),
      },
      { timeoutSeconds: settings.timeoutSeconds, unreachable: 'Wix order search did not answer' },
    );
    const data = await expectOk(response, 'Wix order search', ZSearchResponse);
    orders.push(...(data.orders ?? []));
    const next = (data.metadata ?? data.pagingMetadata)?.cursors?.next ?? null;
    if (!next || seenCursors.has(next)) {
      return orders;
    }
    seenCursors.add(next);
    cursor = next;
  }
  throw new WixHttpError(`Wix order search: more than ${MAX_PAGES} pages`, 502, 'Bad Gateway', null, null);
}
