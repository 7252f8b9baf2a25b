import { describe, expect, it } from 'vitest';
import { checkUrl } from './endpoints.ts';
import { checkEventData, messageBody, newMessageId, WEBHOOK_EVENT_TYPES, WebhookEventError } from './events.ts';

describe('webhook events as data', () => {
  it('declares the events of the real flows, and no shared part as an event', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual(
      expect.arrayContaining(['payment.received', 'payout.settled', 'payout.returned', 'verification.finished', 'webhook.ping']),
    );
    expect(WEBHOOK_EVENT_TYPES).not.toContain('payoutState');
  });

  it('accepts data that matches its schema and names what is wrong otherwise', () => {
    const at = new Date().toISOString();
    expect(() =>
      checkEventData('payout.returned', {
        transferId: 7,
        rail: 'wire',
        endToEndId: 'WIRE-7',
        amount: '10.00',
        currencyCode: 'USD',
        beneficiaryName: 'Ada',
        state: 'returned',
        reasonCode: 'AC04',
        at,
      }),
    ).not.toThrow();
    expect(() => checkEventData('payout.settled', { transferId: 7 })).toThrow(/required property 'rail'/);
    expect(() => checkEventData('webhook.ping', { message: 'x', extra: true })).toThrow(WebhookEventError);
    expect(() => checkEventData('payout.cancelled', {})).toThrow(/not declared/);
  });

  it('sends the Standard Webhooks body shape, and message ids that never repeat', () => {
    const at = new Date('2026-11-27T10:00:00Z');
    expect(JSON.parse(messageBody('webhook.ping', at, { message: 'hi' }))).toEqual({
      type: 'webhook.ping',
      timestamp: '2026-11-27T10:00:00.000Z',
      data: { message: 'hi' },
    });
    expect(newMessageId()).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    expect(newMessageId()).not.toBe(newMessageId());
  });

  it('takes only absolute http and https URLs without credentials', () => {
    expect(checkUrl(' https://shop.example/hooks ')).toBe('https://shop.example/hooks');
    expect(checkUrl('http://127.0.0.1:8080/x')).toBe('http://127.0.0.1:8080/x');
    for (const bad of ['ftp://shop.example', 'shop.example/hooks', 'https://user:pass@shop.example', `https://shop.example/${'a'.repeat(2100)}`]) {
      expect(() => checkUrl(bad), bad).toThrow();
    }
  });
});
