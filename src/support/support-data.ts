import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import type { RpcRequest, RpcResponse } from '../../generated/methods.ts';
import { useApp } from '../app/app-context.tsx';
import { intlLocale } from '../../engine/index.ts';

/** How often the support screens ask the help desk again (document 002 section 4: 60000 ms). */
export const SUPPORT_RECHECK_MS = 60_000;

type SupportRead = 'supportTicketList' | 'supportTicketGet';

/**
 * A support method's answer, asked again every 60 s while the screen is open (and on focus), so an
 * agent's answer shows as unread without reloading. Failures stay in `error` for the screen to show.
 *
 * @example
 * const { data } = useSupportData('supportTicketList', { pageNumber: 1, status: 'all' });
 */
export function useSupportData<M extends SupportRead>(method: M, params: RpcRequest<M>) {
  const { rpc } = useApp();
  return useSWR([method, params] as const, ([name, request]) => rpc(name, request) as Promise<RpcResponse<M>>, {
    refreshInterval: SUPPORT_RECHECK_MS,
    keepPreviousData: true,
    // Coming back to the list right after writing must show the new ticket, so no de-duplication.
    dedupingInterval: 0,
  });
}

/** Makes every open support list ask again (after a ticket was read or answered). */
export function useRefreshSupportLists(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && key[0] === 'supportTicketList');
}

/** The `Intl` locale of the interface language (the product calls Ukrainian `ua`). */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return intlLocale(i18n.language);
}
