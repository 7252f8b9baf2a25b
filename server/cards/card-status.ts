/**
 * Card status ids and the rules of document 001 section 4: which action a card's status allows,
 * and the capabilities the screens offer, both decided here so the server refuses what the
 * browser would not offer.
 */
export const CARD_STATUS = {
  submitted: 0,
  active: 2,
  canceled: 4,
  fraud: 18,
  printing: 19,
  printed: 20,
  shipped: 21,
  pending: 23,
  limited: 27,
  expired: 38,
  processing: 41,
  pendingDocument: 65,
  paused: 71,
} as const;

export type CardStatusId = (typeof CARD_STATUS)[keyof typeof CARD_STATUS];

/** Every status id, for checks and tests. */
export const CARD_STATUS_IDS: readonly CardStatusId[] = Object.values(CARD_STATUS);

/** The actions a customer can take on a card. */
export type CardAction =
  | 'confirm'
  | 'activate'
  | 'activateWithOrder'
  | 'pause'
  | 'unpause'
  | 'load'
  | 'enrollment'
  | 'block'
  | 'reissue'
  | 'upgradeShipping'
  | 'rename'
  | 'pin'
  | 'details'
  | 'balance'
  | 'history';

/** What a rule looks at besides the status. */
export interface CardFacts {
  status: number;
  isVirtual: boolean;
  /** Express shipping already chosen (an upgrade makes no sense then). */
  expressShipping: boolean;
  /** A reissued card is already on its way for this account. */
  hasReplacement: boolean;
}

const S = CARD_STATUS;
const among = (status: number, list: readonly number[]) => list.includes(status);

/**
 * The rules, one line each:
 * - confirm: a submitted application;
 * - activate: a virtual card the processor issued (pending), or a physical one printed or shipped;
 * - activate with the order: a virtual card the processor has just issued (pending), a first card as its
 *   order is confirmed or a replacement as it is reissued, is activated at once, so it is usable at once;
 *   a physical card (first or replacement) waits until it has arrived;
 * - pause: from active or expired; unpause: only from paused;
 * - load and enrollment: active only;
 * - block (cancel): anything not already cancelled;
 * - reissue: active, limited, expired, paused or fraud, when no replacement is on its way;
 * - upgrade shipping: a physical card not yet shipped, on standard shipping;
 * - rename: anything not cancelled;
 * - PIN (change, show, get) and details (the full number): a card that has been activated and is not cancelled;
 * - balance and history: once the application is confirmed.
 */
const RULES: Record<CardAction, (card: CardFacts) => boolean> = {
  confirm: (card) => card.status === S.submitted,
  activate: (card) => (card.isVirtual ? card.status === S.pending : among(card.status, [S.printed, S.shipped])),
  activateWithOrder: (card) => card.isVirtual && card.status === S.pending,
  pause: (card) => among(card.status, [S.active, S.expired]),
  unpause: (card) => card.status === S.paused,
  load: (card) => card.status === S.active,
  enrollment: (card) => card.status === S.active,
  block: (card) => card.status !== S.canceled,
  reissue: (card) => among(card.status, [S.active, S.limited, S.expired, S.paused, S.fraud]) && !card.hasReplacement,
  upgradeShipping: (card) =>
    !card.isVirtual && !card.expressShipping && among(card.status, [S.submitted, S.processing, S.pendingDocument, S.printing, S.printed]),
  rename: (card) => card.status !== S.canceled,
  pin: (card) => among(card.status, [S.active, S.limited, S.paused, S.expired]),
  details: (card) => among(card.status, [S.active, S.limited, S.paused, S.expired]),
  balance: (card) => card.status !== S.submitted,
  history: (card) => card.status !== S.submitted,
};

/**
 * Whether `action` is allowed on a card in its present state.
 *
 * @example
 * cardActionAllowed('pause', { status: 2, isVirtual: true, expressShipping: false, hasReplacement: false }); // true
 */
export function cardActionAllowed(action: CardAction, card: CardFacts): boolean {
  return RULES[action](card);
}

/** The capabilities of document 001 section 3, as the account data carries them. */
export interface CardCapabilities {
  balance: boolean;
  history: boolean;
  block: boolean;
  pin: boolean;
  rename: boolean;
  details: boolean;
  load: boolean;
  enrollment: boolean;
  pause: boolean;
  unpause: boolean;
  activate: boolean;
  reissue: boolean;
  upgradeShipping: boolean;
  confirm: boolean;
}

/**
 * The capabilities of a card, derived from its status and type.
 *
 * @example
 * cardCapabilities({ status: 71, isVirtual: true, expressShipping: false, hasReplacement: false }).unpause; // true
 */
export function cardCapabilities(card: CardFacts): CardCapabilities {
  return {
    balance: RULES.balance(card),
    history: RULES.history(card),
    block: RULES.block(card),
    pin: RULES.pin(card),
    rename: RULES.rename(card),
    details: RULES.details(card),
    load: RULES.load(card),
    enrollment: RULES.enrollment(card),
    pause: RULES.pause(card),
    unpause: RULES.unpause(card),
    activate: RULES.activate(card),
    reissue: RULES.reissue(card),
    upgradeShipping: RULES.upgradeShipping(card),
    confirm: RULES.confirm(card),
  };
}
