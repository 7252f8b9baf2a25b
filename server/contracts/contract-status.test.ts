import { describe, expect, it } from 'vitest';
import { CONTRACT_ACTIONS, CONTRACT_STATUSES, nextContractStatus, type ContractAction, type ContractStatus } from './contract-status.ts';

const initiator = { initiator: true, payer: true };
const counterparty = { initiator: false, payer: false };
const facts = { payerMustIdentify: false, started: true };

/** Every allowed move, written out independently of the table: anything not here must be refused. */
const ALLOWED: Array<[ContractStatus, ContractAction, 'initiator' | 'counterparty' | 'both' | 'clock' | 'payer', ContractStatus]> = [
  ['UNSIGNED', 'sign', 'initiator', 'WAITING'],
  ['UNSIGNED', 'cancel', 'initiator', 'CANCELLED'],
  ['WAITING', 'sign', 'counterparty', 'SIGNED'],
  ['WAITING', 'cancel', 'initiator', 'CANCELLED'],
  ['WAITING', 'reject', 'counterparty', 'REJECTED'],
  ['SIGNED', 'activate', 'clock', 'ACTIVE'],
  ['NEED_IDENTIFICATION', 'identificationStarted', 'payer', 'NEED_IDENTIFICATION'],
  ['NEED_IDENTIFICATION', 'identified', 'payer', 'ACTIVE'],
  ['ACTIVE', 'terminate', 'both', 'TERMINATING'],
  ['ACTIVE', 'expire', 'clock', 'EXPIRED'],
  ['TERMINATING', 'terminateCancel', 'both', 'ACTIVE'],
  ['TERMINATING', 'terminateNow', 'both', 'TERMINATED'],
  ['TERMINATING', 'expire', 'clock', 'TERMINATED'],
];

describe('the contract state machine', () => {
  for (const status of CONTRACT_STATUSES) {
    for (const action of CONTRACT_ACTIONS) {
      const rule = ALLOWED.find(([from, act]) => from === status && act === action);
      it(`${status} × ${action}: ${rule ? `${rule[2]} → ${rule[3]}` : 'refused'}`, () => {
        const asInitiator = nextContractStatus(status, action, initiator, facts);
        const asCounterparty = nextContractStatus(status, action, counterparty, facts);
        const asClock = nextContractStatus(status, action, 'clock', facts);
        if (!rule) {
          expect([asInitiator, asCounterparty, asClock]).toEqual([undefined, undefined, undefined]);
          return;
        }
        const [, , by, to] = rule;
        expect(asInitiator).toBe(by === 'initiator' || by === 'both' || by === 'payer' ? to : undefined);
        expect(asCounterparty).toBe(by === 'counterparty' || by === 'both' ? to : undefined);
        expect(asClock).toBe(by === 'clock' ? to : undefined);
      });
    }
  }

  it('activation waits for the payer to identify when it must', () => {
    expect(nextContractStatus('SIGNED', 'activate', 'clock', { payerMustIdentify: true, started: true })).toBe('NEED_IDENTIFICATION');
  });
  it('an identification before activeFrom leaves the contract SIGNED', () => {
    expect(nextContractStatus('NEED_IDENTIFICATION', 'identified', initiator, { payerMustIdentify: false, started: false })).toBe('SIGNED');
  });
  it('only the payer starts the identification', () => {
    expect(nextContractStatus('NEED_IDENTIFICATION', 'identificationStarted', counterparty, facts)).toBeUndefined();
  });
});
