/**
 * Beneficiary templates and recent transfers by rail (issue 15 items 2 and 3), against the real server:
 * a wire sent with templateName saves its beneficiary as a wire template, listed by paymentTemplateList
 * (types: wire) with its name, IBAN and BIC, and chosen again to send the next wire; a refused wire saves
 * nothing; another customer's template is refused with 13 on delete and never listed to them; the same
 * name replaces the template. recentTransfers with types [wire] answers the last distinct beneficiaries
 * from the payouts, newest first, with their state, search finding a part of the name or IBAN, and limit.
 * EFT beneficiaries are saved the same way (eftTransfer's templateName): the country, account number,
 * bank, branch and the country's further details, listed under types [eft] only, used again, replaced by
 * name, refused to another customer with 13; recentTransfers with types [eft] answers the EFTs.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Tokens } from '../support/api-client.ts';
import { BACKENDS } from './harness.ts';
import { railTestServer, type RailCustomer } from './rails-support.ts';

const ADA = { beneficiaryName: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00', swift: 'COBADEFFXXX' };
const GRACE = { beneficiaryName: 'Grace Hopper', iban: 'GB29 NWBK 6016 1331 9268 19', swift: 'NWBKGB2L' };
/** An EFT beneficiary in Brazil, which needs bank, branch and its further details (schemas/data/eft-banks.json). */
const ANA = {
  countryCode: 'BR',
  beneficiaryName: 'Ana Souza',
  accountNumber: '12345-6',
  bankCode: '001',
  branchCode: '1607',
  extraParams: { taxId: '12345678901', bankAccountType: 'checking' },
};

interface Template {
  id: number;
  name: string;
  type: string;
  beneficiary?: Record<string, string>;
}
interface Recent {
  type: string;
  name?: string;
  beneficiary?: Record<string, string>;
  amount: string;
  state?: string;
}
interface Answer {
  responseCode: string;
  templates?: Template[];
  transfers?: Recent[];
  validationErrors?: Array<{ field: string }>;
}

for (const backend of BACKENDS) {
  describe(`beneficiary templates and recent wires on ${backend.name}`, () => {
    const railServer = railTestServer(backend);
    const rpc = async (method: string, params: object, tokens: Tokens) => (await railServer.rpc(method, params, tokens)) as Answer;
    const newCustomer = (name: string) => railServer.newCustomer(name, 10_000_00n);
    const wire = (from: RailCustomer, beneficiary: object, extra: object = {}) =>
      rpc('wireTransfer', { idempotencyKey: randomUUID(), accountId: from.account, amount: '10.00', ...beneficiary, ...extra }, from.tokens);
    const wireTemplates = async (tokens: Tokens) => (await rpc('paymentTemplateList', { types: ['wire'] }, tokens)).templates!;

    it('saves a wire beneficiary as a template, lists it to its owner only, and sends again from it', async () => {
      const ana = await newCustomer('templates');
      expect((await wire(ana, ADA, { templateName: 'Landlord' })).responseCode).toBe('00');
      const [saved] = await wireTemplates(ana.tokens);
      expect(saved).toMatchObject({
        name: 'Landlord',
        type: 'wire',
        beneficiary: { name: 'Ada Lovelace', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      });
      // p2p templates are not among a wire screen's.
      expect((await rpc('paymentTemplateList', { types: ['p2p'] }, ana.tokens)).templates).toEqual([]);

      // Chosen again: the form is filled from the template and sent.
      const again = await wire(ana, { beneficiaryName: saved!.beneficiary!.name, iban: saved!.beneficiary!.iban, swift: saved!.beneficiary!.bic });
      expect(again.responseCode).toBe('00');

      // The same name replaces it; a refused wire saves nothing.
      await wire(ana, GRACE, { templateName: 'landlord' });
      expect(await wireTemplates(ana.tokens)).toMatchObject([{ id: saved!.id, beneficiary: { name: 'Grace Hopper' } }]);
      const refused = await wire(ana, { ...ADA, iban: 'DE89370400440532013001' }, { templateName: 'Broken' });
      expect(refused).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'iban' }] });
      expect((await wireTemplates(ana.tokens)).map((template) => template.name)).toEqual(['landlord']);

      // Another customer neither sees it nor may delete it.
      const ben = await newCustomer('other');
      expect(await wireTemplates(ben.tokens)).toEqual([]);
      expect((await rpc('paymentTemplateDelete', { id: saved!.id }, ben.tokens)).responseCode).toBe('13');
      expect(await wireTemplates(ana.tokens)).toHaveLength(1);
      expect((await rpc('paymentTemplateDelete', { id: saved!.id }, ana.tokens)).responseCode).toBe('00');
      expect(await wireTemplates(ana.tokens)).toEqual([]);
    });

    it('answers recent wires by beneficiary from the payouts, with search and limit', async () => {
      const ana = await newCustomer('recent');
      await wire(ana, ADA);
      await wire(ana, GRACE);
      await wire(ana, ADA);
      const recent = async (params: object) => (await rpc('recentTransfers', { types: ['wire'], ...params }, ana.tokens)).transfers!;
      expect(await recent({ limit: 5 })).toMatchObject([
        { type: 'wire', name: 'Ada Lovelace', beneficiary: { iban: 'DE89370400440532013000' }, amount: '10.00', state: 'pending' },
        { type: 'wire', name: 'Grace Hopper' },
      ]);
      expect(await recent({ limit: 1 })).toHaveLength(1);
      expect(await recent({ search: 'hopp' })).toMatchObject([{ name: 'Grace Hopper' }]);
      expect(await recent({ search: 'NWBK6016' })).toMatchObject([{ name: 'Grace Hopper' }]);
      expect(await recent({ search: 'nobody' })).toEqual([]);
      // p2p asked alone answers no wires; another customer sees none of them.
      expect((await rpc('recentTransfers', { types: ['p2p'] }, ana.tokens)).transfers).toEqual([]);
      const ben = await newCustomer('recent-other');
      expect((await rpc('recentTransfers', { types: ['wire'] }, ben.tokens)).transfers).toEqual([]);
    });
  });

  describe(`EFT beneficiary templates on ${backend.name}`, () => {
    const railServer = railTestServer(backend);
    const rpc = async (method: string, params: object, tokens: Tokens) => (await railServer.rpc(method, params, tokens)) as Answer;
    const newCustomer = (name: string) => railServer.newCustomer(name, 10_000_00n);
    const eft = (from: RailCustomer, beneficiary: object, extra: object = {}) =>
      rpc('eftTransfer', { idempotencyKey: randomUUID(), accountId: from.account, amount: '10.00', ...beneficiary, ...extra }, from.tokens);
    const eftTemplates = async (tokens: Tokens) => (await rpc('paymentTemplateList', { types: ['eft'] }, tokens)).templates!;

    it('saves an EFT beneficiary with its bank and branch, lists it under eft only, sends again from it, refuses it to another customer', async () => {
      const ana = await newCustomer('eft-templates');
      expect((await eft(ana, ANA, { templateName: 'Supplier' })).responseCode).toBe('00');
      const [saved] = await eftTemplates(ana.tokens);
      expect(saved).toMatchObject({
        name: 'Supplier',
        type: 'eft',
        beneficiary: {
          name: 'Ana Souza',
          countryCode: 'BR',
          accountNumber: '123456',
          bankCode: '001',
          bankName: 'Banco do Brasil',
          branchCode: '1607',
          taxId: '12345678901',
          bankAccountType: 'checking',
        },
      });
      // Neither a wire's nor a p2p list shows it.
      expect((await rpc('paymentTemplateList', { types: ['wire', 'p2p'] }, ana.tokens)).templates).toEqual([]);

      // Used again: the form is filled from the template and sent.
      const b = saved!.beneficiary!;
      const again = await eft(ana, {
        countryCode: b.countryCode,
        beneficiaryName: b.name,
        accountNumber: b.accountNumber,
        bankCode: b.bankCode,
        branchCode: b.branchCode,
        extraParams: { taxId: b.taxId, bankAccountType: b.bankAccountType },
      });
      expect(again.responseCode).toBe('00');

      // A refused EFT (Brazil without its branch) saves nothing; the same name replaces the template.
      const { branchCode: _branch, ...withoutBranch } = ANA;
      const refused = await eft(ana, withoutBranch, { templateName: 'Broken' });
      expect(refused).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'branchCode' }] });
      await eft(ana, { ...ANA, beneficiaryName: 'Ana Souza Lima' }, { templateName: 'supplier' });
      expect(await eftTemplates(ana.tokens)).toMatchObject([{ id: saved!.id, name: 'supplier', beneficiary: { name: 'Ana Souza Lima' } }]);

      // Another customer neither sees it nor may delete it.
      const ben = await newCustomer('eft-templates-other');
      expect(await eftTemplates(ben.tokens)).toEqual([]);
      expect((await rpc('paymentTemplateDelete', { id: saved!.id }, ben.tokens)).responseCode).toBe('13');
      expect(await eftTemplates(ana.tokens)).toHaveLength(1);
      expect((await rpc('paymentTemplateDelete', { id: saved!.id }, ana.tokens)).responseCode).toBe('00');
      expect(await eftTemplates(ana.tokens)).toEqual([]);

      // Recent EFTs answer the beneficiary of the payouts just made, newest first.
      const recent = (await rpc('recentTransfers', { types: ['eft'], limit: 5, search: 'lima' }, ana.tokens)).transfers!;
      expect(recent).toMatchObject([{ type: 'eft', name: 'Ana Souza Lima', beneficiary: { bankCode: '001' }, amount: '10.00' }]);
    });
  });
}
