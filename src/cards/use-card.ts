import { useEffect, useState } from 'react';
import type { Card } from '../../generated/entities.ts';
import type { RpcResponse } from '../../generated/methods.ts';
import { useApp } from '../app/app-context.tsx';
import { useLoaded } from '../app/use-loaded.ts';
import { accountIdParam } from './card-data.ts';

/** The card of the route's accountId, loaded on open (a failure goes to the error popup and sets `failed`). */
export function useCard(params: Record<string, string | undefined>): { accountId: number | null; card: Card | undefined; setCard: (card: Card) => void; failed: boolean; reload: () => Promise<void> } {
  const { rpc } = useApp();
  const accountId = accountIdParam(params);
  const { data, setData, failed, reload } = useLoaded(() => (accountId ? rpc('cardGet', { accountId }) : new Promise<never>(() => {})));
  return { accountId, card: data, setCard: setData, failed, reload };
}

/**
 * The card offer (products, fees, shipping) of the country a card was applied for, loaded once the card
 * is known: a card applied for in another country than the customer's costs that country's fees.
 * undefined while loading (and after a failure, which goes to the error popup).
 */
export function useCardOffer(card: Pick<Card, 'countryCode'> | undefined): RpcResponse<'cardApplyInfo'> | undefined {
  const { rpc, feedback } = useApp();
  const countryCode = card?.countryCode;
  const [offer, setOffer] = useState<RpcResponse<'cardApplyInfo'>>();
  useEffect(() => {
    if (!countryCode) return;
    let live = true;
    rpc('cardApplyInfo', { countryCode }).then(
      (answer) => live && setOffer(answer),
      (error: unknown) => live && feedback.showError(error),
    );
    return () => {
      live = false;
    };
  }, [rpc, feedback, countryCode]);
  return offer?.countryCode === countryCode ? offer : undefined;
}
