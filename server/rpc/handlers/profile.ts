import type { CustomerProfile } from '../../../generated/entities.ts';
import type { RpcHandlerMap } from '../../../generated/methods.ts';
import { customerAddresses, customerPhones } from '../../customers/contacts.ts';
import { customerSummary } from '../../customers/customer-summary.ts';
import { readProfile, updateProfile, type Profile } from '../../customers/profile.ts';
import { callerOf, type RpcContext } from '../context.ts';

/** The profile properties each method's declared schema lists, read from the bundle at start. */
export interface ProfileFields {
  /** profileInquiry's answer. */
  inquiry: readonly string[];
  /** What profileUpdate accepts. */
  editable: readonly string[];
  /** profileUpdate's answer. */
  updated: readonly string[];
}

/**
 * The profile is shaped by the declared schema at run time, not by the generated type, so an
 * analyst's new field flows through without a TypeScript change. The dispatcher validates the
 * answer against that same schema before it leaves, which is what makes this cast safe.
 */
const asDeclaredProfile = (profile: Profile) => profile as CustomerProfile;

/**
 * profileInquiry and profileUpdate: the acting customer's identity, editable profile, phones and
 * addresses; and changes to the profile (core fields to columns, the rest to attributes).
 */
export function profileHandlers(fields: ProfileFields): Pick<RpcHandlerMap<RpcContext>, 'profileInquiry' | 'profileUpdate'> {
  return {
    async profileInquiry(_params, ctx) {
      const { user, customerId } = callerOf(ctx);
      const [customer, profile, phones, addresses] = await Promise.all([
        customerSummary(ctx.db, user, customerId),
        readProfile(ctx.db, customerId, fields.inquiry),
        customerPhones(ctx.db, customerId),
        customerAddresses(ctx.db, customerId),
      ]);
      return { customer, profile: asDeclaredProfile(profile), phones, addresses };
    },

    async profileUpdate(params, ctx) {
      const { customerId } = callerOf(ctx);
      await updateProfile(ctx.db, customerId, params.profile as Profile, fields.editable);
      return { profile: asDeclaredProfile(await readProfile(ctx.db, customerId, fields.updated)) };
    },
  };
}
