import type { WixOrder } from './wix-orders';

/**
 * How Wix orders become rows of the purchased-tests ledger (test_credits, source 'wix').
 * Pure, so the rules are unit-tested on their own:
 *
 * - Each line item of the test product in an order that is paid and not cancelled is one grant,
 *   external_ref `${orderId}:${lineItemId}`, quantity = the line's quantity. Paid means payment
 *   status PAID, PARTIALLY_REFUNDED or FULLY_REFUNDED (it was paid at some point).
 * - FULLY_REFUNDED, or an order cancelled after we granted it: one negative row
 *   `${orderId}:${lineItemId}:refund` for the whole granted quantity, so the line nets to zero.
 * - PARTIALLY_REFUNDED: the grant stands and nothing is deducted. The order does not say which
 *   lines or how many units were refunded (that is in the Order Transactions API, docs/research/wix.md
 *   §7), and a partial refund is as often a price adjustment as a returned test; the sync reports
 *   these orders so an admin can check them.
 * - Lines of other products, non-positive or fractional quantities, and orders of another buyer
 *   (a guard in case the API ignored our filter) are skipped.
 *
 * Writing both rows with `ON CONFLICT DO NOTHING` on (source, external_ref) makes the sync
 * idempotent; credits already used are never taken back (the ledger sum may go below the tests
 * created; the UI shows max(0, …) and creating a test still needs available > 0).
 */
export interface LedgerLine {
  orderId: string;
  orderNumber: string | null;
  lineItemId: string;
  quantity: number;
  grantRef: string;
  refundRef: string;
  /** Insert the grant row (idempotent). */
  shouldGrant: boolean;
  /** Insert the reversing row, if the grant row exists (idempotent). */
  shouldReverse: boolean;
  isPartiallyRefunded: boolean;
}

const PAID_STATUSES = new Set(['PAID', 'PARTIALLY_REFUNDED', 'FULLY_REFUNDED']);

export function ledgerLinesForOrders(
  orders: WixOrder[],
  options: { testProductId: string; contactId: string },
): LedgerLine[] {
  const lines: LedgerLine[] = [];
  for (const order of orders) {
    if (order.buyerInfo?.contactId !== options.contactId) {
      continue;
    }
    const isCanceled = order.status === 'CANCELED';
    const isPaid = PAID_STATUSES.has(order.paymentStatus ?? '') && order.status !== 'INITIALIZED';
    for (const item of order.lineItems ?? []) {
      if (item.catalogReference?.catalogItemId !== options.testProductId) {
        continue;
      }
      if (!Number.isInteger(item.quantity) || item.quantity <= 0) {
        continue;
      }
      const grantRef = `${order.id}:${item.id}`;
      lines.push({
        orderId: order.id,
        orderNumber: order.number === null || order.number === undefined ? null : String(order.number),
        lineItemId: item.id,
        quantity: item.quantity,
        grantRef,
        refundRef: `${grantRef}:refund`,
        shouldGrant: isPaid && !isCanceled,
        shouldReverse: order.paymentStatus === 'FULLY_REFUNDED' || isCanceled,
        isPartiallyRefunded: order.paymentStatus === 'PARTIALLY_REFUNDED' && !isCanceled,
      });
    }
  }
  return lines;
}
