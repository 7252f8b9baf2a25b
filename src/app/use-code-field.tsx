import { useCodeField as useEngineCodeField, type CodeField } from '../../engine/index.ts';
import stepUpChallenge from '../../schemas/entities/step-up-challenge.schema.json';

/** The approval code as a step-up's answer declares it (`confirm.approvalCode`): the rules it is checked with. */
const APPROVAL_CODE = stepUpChallenge.$defs.Confirm.properties.approvalCode;

/**
 * The code field of a second-factor popup (a transfer's approval, a card secret): the engine's code
 * field named `approvalCode`, checked with the step-up confirmation's schema.
 *
 * @example
 * const code = useCodeField(t('money.approval.codeLabel'), t('money.approval.codeInvalid'));
 * const value = code.take(); if (value === undefined) return;
 * return <Dialog initialFocus={code.ref}>{code.field}</Dialog>;
 */
export function useCodeField(label: string, invalidMessage: string): CodeField {
  return useEngineCodeField({ label, invalidMessage, schema: APPROVAL_CODE, name: 'approvalCode' });
}
