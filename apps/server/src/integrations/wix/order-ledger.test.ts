import { describe, expect, it } from 'vitest';
import { ledgerLinesForOrders } from './order-ledger';
import type { WixOrder } from './wix-orders';

const PRODUCT = 'pid5-product';
const CONTACT = 'contact-1';

function order(overrides: Partial<WixOrder> = {}, quantity = 2): WixOrder {
  return {
    id: 'o1',
    number: '1001',
    status: 'APPROVED',
    paymentStatus: 'PAID',
    buyerInfo: { contactId: CONTACT },
    lineItems: [{ id: 'l1', quantity, catalogReference: { catalogItemId: PRODUCT } }],
    ...overrides,
  };
}

const map = (orders: WixOrder[]) => ledgerLinesForOrders(orders, { testProductId: PRODUCT, contactId: CONTACT });

describe('Wix orders → ledger lines', () => {
  it('turns a paid line of the test product into one grant with a stable reference', () => {
    expect(map([order()])).toEqual([
      {
        orderId: 'o1',
        orderNumber: '1001',
        lineItemId: 'l1',
        quantity: 2,
        grantRef: 'o1:l1',
        refundRef: 'o1:l1:refund',
        shouldGrant: true,
        shouldReverse: false,
        isPartiallyRefunded: false,
      },
    ]);
  });

  it.each([
    ['PAID', 'APPROVED', true, false, false],
    ['PARTIALLY_REFUNDED', 'APPROVED', true, false, true],
    ['FULLY_REFUNDED', 'APPROVED', true, true, false],
    ['NOT_PAID', 'APPROVED', false, false, false],
    ['PENDING', 'APPROVED', false, false, false],
    ['PARTIALLY_PAID', 'APPROVED', false, false, false],
    ['PAID', 'CANCELED', false, true, false],
    ['FULLY_REFUNDED', 'CANCELED', false, true, false],
    ['PAID', 'INITIALIZED', false, false, false],
  ])('payment %s, status %s → grant %s, reverse %s, partial %s', (paymentStatus, status, grant, reverse, partial) => {
    const [line] = map([order({ paymentStatus, status })]);
    expect(line).toMatchObject({ shouldGrant: grant, shouldReverse: reverse, isPartiallyRefunded: partial });
  });

  it('uses only the test product lines, with their own quantities', () => {
    const lines = map([
      order({
        lineItems: [
          { id: 'a', quantity: 3, catalogReference: { catalogItemId: PRODUCT } },
          { id: 'b', quantity: 9, catalogReference: { catalogItemId: 'other' } },
          { id: 'c', quantity: 1, catalogReference: { catalogItemId: PRODUCT } },
          { id: 'd', quantity: 1, catalogReference: null },
        ],
      }),
    ]);
    expect(lines.map((l) => [l.grantRef, l.quantity])).toEqual([
      ['o1:a', 3],
      ['o1:c', 1],
    ]);
  });

  it('skips zero, negative and fractional quantities, orders of another buyer, and orders without lines', () => {
    expect(map([order({}, 0), order({}, -1), order({}, 1.5)])).toEqual([]);
    expect(map([order({ buyerInfo: { contactId: 'someone-else' } }), order({ buyerInfo: null })])).toEqual([]);
    expect(map([order({ lineItems: null }), order({ lineItems: [] })])).toEqual([]);
  });

  it('keeps a numeric order number as text, and tolerates a missing one', () => {
    expect(map([order({ number: 1002 })])[0]?.orderNumber).toBe('1002');
    expect(map([order({ number: null })])[0]?.orderNumber).toBeNull();
  });
});
