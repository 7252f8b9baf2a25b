/**
 * The life of a revenue-split contract (document 002 section 4, Contracts) as ONE table: for each status,
 * the actions it allows, who may take each (the initiator, the counterparty, either party, or the server's
 * clock) and the status it leads to. Any other move is refused with VF (server/contracts/service.ts), never
 * a 500. Drawn in README.md under "Contracts".
 *
 * created → UNSIGNED ─sign (initiator)→ WAITING ─sign (counterparty)→ SIGNED
 * SIGNED ─activeFrom reached (clock)→ ACTIVE, or NEED_IDENTIFICATION when the payer must identify first
 * NEED_IDENTIFICATION ─identified (payer identification SUCCESS)→ ACTIVE (SIGNED before activeFrom)
 * UNSIGNED/WAITING ─cancel (initiator)→ CANCELLED; WAITING ─reject (counterparty)→ REJECTED
 * ACTIVE ─terminate (party, with a note)→ TERMINATING ─terminateCancel→ ACTIVE, ─terminateNow or activeTo→ TERMINATED
 * ACTIVE ─activeTo passed (clock)→ EXPIRED
 */
export const CONTRACT_STATUSES = [
  'ACTIVE',
  'EXPIRED',
  'TERMINATED',
  'TERMINATING',
  'UNSIGNED',
  'WAITING',
  'CANCELLED',
  'REJECTED',
  'SIGNED',
  'NEED_IDENTIFICATION',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_ACTIONS = [
  'sign',
  'cancel',
  'reject',
  'terminate',
  'terminateCancel',
  'terminateNow',
  'identificationStarted',
  'identified',
  'activate',
  'expire',
] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

/**
 * Who takes an action: the party that created the contract, the other party, either party, the payer
 * (the sender) or the server's clock (server/contracts/scheduler.ts).
 */
export type ContractActor = 'initiator' | 'counterparty' | 'party' | 'payer' | 'clock';

interface Move {
  by: ContractActor;
  to: ContractStatus | ((facts: ContractFacts) => ContractStatus);
}

/** What a move looks at besides the status. */
export interface ContractFacts {
  /** The payer must identify before the split starts (the sender's identity is not verified). */
  payerMustIdentify: boolean;
  /** activeFrom has come (today or earlier). */
  started: boolean;
}

/** The table: status × action → who may, and the next status. A missing cell is a refused move. */
export const CONTRACT_MOVES: Readonly<Record<ContractStatus, Partial<Record<ContractAction, Move>>>> = {
  UNSIGNED: { sign: { by: 'initiator', to: 'WAITING' }, cancel: { by: 'initiator', to: 'CANCELLED' } },
  WAITING: {
    sign: { by: 'counterparty', to: 'SIGNED' },
    cancel: { by: 'initiator', to: 'CANCELLED' },
    reject: { by: 'counterparty', to: 'REJECTED' },
  },
  SIGNED: { activate: { by: 'clock', to: (facts) => (facts.payerMustIdentify ? 'NEED_IDENTIFICATION' : 'ACTIVE') } },
  NEED_IDENTIFICATION: {
    identificationStarted: { by: 'payer', to: 'NEED_IDENTIFICATION' },
    identified: { by: 'payer', to: (facts) => (facts.started ? 'ACTIVE' : 'SIGNED') },
  },
  ACTIVE: { terminate: { by: 'party', to: 'TERMINATING' }, expire: { by: 'clock', to: 'EXPIRED' } },
  TERMINATING: {
    terminateCancel: { by: 'party', to: 'ACTIVE' },
    terminateNow: { by: 'party', to: 'TERMINATED' },
    expire: { by: 'clock', to: 'TERMINATED' },
  },
  EXPIRED: {},
  TERMINATED: {},
  CANCELLED: {},
  REJECTED: {},
};

/** The statuses in which the split runs: each payment the sender receives is shared. */
export const SPLITTING_STATUSES: readonly ContractStatus[] = ['ACTIVE', 'TERMINATING'];
/** The statuses whose percentage counts toward the sender's 100 (reserved from creation on). */
export const RESERVING_STATUSES: readonly ContractStatus[] = ['UNSIGNED', 'WAITING', 'SIGNED', 'NEED_IDENTIFICATION', 'ACTIVE', 'TERMINATING'];

/** An actor as seen from the one acting: the initiator is also a party, and so on. */
function actorMatches(needed: ContractActor, actor: { initiator: boolean; payer: boolean } | 'clock'): boolean {
  if (actor === 'clock') return needed === 'clock';
  switch (needed) {
    case 'clock':
      return false;
    case 'party':
      return true;
    case 'initiator':
      return actor.initiator;
    case 'counterparty':
      return !actor.initiator;
    case 'payer':
      return actor.payer;
  }
}

/**
 * The status an action leads to from `status` for this actor, or undefined when the table refuses it.
 *
 * @example
 * nextContractStatus('WAITING', 'sign', { initiator: false, payer: true }, facts); // 'SIGNED'
 * nextContractStatus('ACTIVE', 'cancel', { initiator: true, payer: true }, facts); // undefined
 */
export function nextContractStatus(
  status: ContractStatus,
  action: ContractAction,
  actor: { initiator: boolean; payer: boolean } | 'clock',
  facts: ContractFacts = { payerMustIdentify: false, started: true },
): ContractStatus | undefined {
  const move = CONTRACT_MOVES[status][action];
  if (!move || !actorMatches(move.by, actor)) return undefined;
  return typeof move.to === 'function' ? move.to(facts) : move.to;
}
