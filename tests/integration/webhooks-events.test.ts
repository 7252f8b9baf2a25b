/**
 * Webhook events of the payout rails and of identity verification (issue 18 item 3): a wire that settles
 * raises payout.settled, one that comes back payout.returned with its reason code, a failed identity
 * verification verification.finished; each delivered signed to the customer's endpoint. A ping answers at once.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxMessages } from '../../server/messaging/messages.ts';
import { applyIdentityEvent } from '../../server/verification/identity.ts';
import { createEndpoint, deliverDueWebhooks, pingEndpoint } from '../../server/webhooks/index.ts';
import { BACKENDS } from './harness.ts';
import { railTestServer } from './rails-support.ts';

/** A wire beneficiary with a published valid IBAN and BIC. */
const ADA = { beneficiaryName: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00', swift: 'COBADEFFXXX' };

for (const backend of BACKENDS) {
  describe(`webhook events of payouts and verifications on ${backend.name}`, () => {
    const rails = railTestServer(backend);
    const received: Array<{ headers: Record<string, string>; body: string }> = [];
    let receiver: Server;
    let url: string;

    beforeAll(async () => {
      receiver = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          received.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
          response.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
    });
    afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

    /** Delivers what is due and answers the events the receiver got, verified with the endpoint's secret. */
    const deliveredEvents = async (secret: string) => {
      received.length = 0;
      await deliverDueWebhooks(rails.db(), { messages: sandboxMessages(rails.db()), now: new Date() });
      return received.map((request) => new Webhook(secret).verify(request.body, request.headers) as { type: string; data: Record<string, unknown> });
    };

    it('reports a settled wire and a returned one, with the reason code', async () => {
      const ada = await rails.newCustomer('webhook-payouts', 1_000_00n);
      const { secret } = await createEndpoint(rails.db(), ada.customerId, { name: 'Payouts', url });
      const wire = (amount: string) => rails.rpc('wireTransfer', { idempotencyKey: randomUUID(), accountId: ada.account, amount, ...ADA }, ada.tokens);
      const settled = await wire('100.00');
      const returned = await wire('20.00');
      expect(await deliveredEvents(secret)).toEqual([]);

      await rails.network('wire', settled.operationId!, 'settle');
      await rails.network('wire', returned.operationId!, 'return', 'AC04');
      const events = await deliveredEvents(secret);
      expect(events.map((event) => event.type).sort()).toEqual(['payout.returned', 'payout.settled']);
      expect(events.find((event) => event.type === 'payout.settled')!.data).toMatchObject({
        transferId: settled.operationId,
        rail: 'wire',
        amount: '100.00',
        currencyCode: 'USD',
        beneficiaryName: 'Ada Lovelace',
        state: 'settled',
      });
      expect(events.find((event) => event.type === 'payout.returned')!.data).toMatchObject({
        transferId: returned.operationId,
        state: 'returned',
        reasonCode: 'AC04',
      });
    });

    it('reports a finished identity verification', async () => {
      const ada = await rails.newCustomer('webhook-verification', 0n);
      const { secret } = await createEndpoint(rails.db(), ada.customerId, { name: 'Verification', url });
      const sessionId = `sess_${randomUUID()}`;
      await rails
        .db()
        .insertInto('identity_verification_runs')
        .values({
          workflow_run_id: `wfr_${randomUUID()}`,
          customer_id: ada.customerId,
          token_hash: randomUUID(),
          provider: 'sandbox',
          provider_session_id: sessionId,
          provider_url: 'https://idv.example/session',
          reject_reason: null,
          document_id: null,
          created_by_user_id: ada.userId,
        })
        .execute();
      expect(await applyIdentityEvent(rails.db(), 'sandbox', { event: 'session.failed', sessionId, reason: 'The document photo is unreadable' })).toBe(true);
      const [event] = await deliveredEvents(secret);
      expect(event).toMatchObject({
        type: 'verification.finished',
        data: { kind: 'identity', outcome: 'failed', rejectReason: 'The document photo is unreadable' },
      });
      // The provider sends it again: the run is decided, no second event.
      await applyIdentityEvent(rails.db(), 'sandbox', { event: 'session.failed', sessionId, reason: 'The document photo is unreadable' });
      expect(await deliveredEvents(secret)).toEqual([]);
    });

    it('pings an endpoint at once, signed with its secret, and an unsaved URL with a throwaway one', async () => {
      const ada = await rails.newCustomer('webhook-ping', 0n);
      const { endpoint, secret } = await createEndpoint(rails.db(), ada.customerId, { name: 'Ping', url });
      received.length = 0;
      expect(await pingEndpoint(rails.db(), ada.customerId, { endpointId: endpoint.id })).toMatchObject({ delivered: true, status: 204 });
      expect(new Webhook(secret).verify(received[0]!.body, received[0]!.headers)).toMatchObject({ type: 'webhook.ping' });
      expect(await pingEndpoint(rails.db(), ada.customerId, { url: `${url}?unsaved` })).toMatchObject({ delivered: true, status: 204 });
      expect(() => new Webhook(secret).verify(received[1]!.body, received[1]!.headers)).toThrow();
      expect(await pingEndpoint(rails.db(), ada.customerId, { url: 'http://127.0.0.1:1/closed' })).toMatchObject({
        delivered: false,
        status: null,
        error: expect.any(String),
      });
      // Nothing of a ping is queued or logged.
      expect(await rails.db().selectFrom('webhook_messages').select('id').where('customer_id', '=', ada.customerId).execute()).toEqual([]);
    });
  });
}
