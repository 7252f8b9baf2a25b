import type { RpcHandlerMap } from '../../generated/methods.ts';
import { auditEntries } from '../audit/audit-log.ts';
import type { RpcContext } from '../rpc/context.ts';
import { adminCustomerDetail, searchCustomers } from './customers.ts';

/**
 * The admin overview (document 000 section 6). The dispatcher lets only admins call these
 * (declared `access: 'admin'`, anyone else is refused 13).
 */
export const adminHandlers: Pick<RpcHandlerMap<RpcContext>, 'adminCustomerSearch' | 'adminCustomerGet' | 'adminViewStart' | 'adminAuditLog'> = {
  async adminCustomerSearch(params, ctx) {
    const { customerSearch, ...paging } = params;
    return searchCustomers(ctx.db, { ...paging, ...(customerSearch !== undefined ? { query: customerSearch } : {}) });
  },
  async adminCustomerGet(params, ctx) {
    const { users, ipAllowListEnabled, blacklistEntries, residenceCountryCode, ...customer } = await adminCustomerDetail(ctx.db, Number(params.customerId));
    return { customer, users, ipAllowListEnabled, blacklistEntries, ...(residenceCountryCode ? { residenceCountryCode } : {}) };
  },
  async adminViewStart(params, ctx) {
    const customer = await adminCustomerDetail(ctx.db, params.customerId);
    ctx.log.info({ customerId: customer.customerId }, 'admin starts viewing a customer');
    return { customerId: customer.customerId, name: customer.name };
  },
  async adminAuditLog(params, ctx) {
    const { actingCustomerId, ...paging } = params;
    return auditEntries(ctx.db, { ...paging, ...(actingCustomerId !== undefined ? { customerId: Number(actingCustomerId) } : {}) });
  },
};
