/**
 * The business registration rules from the schemas alone: the draft's JSON Schema
 * (schemas/forms/business-registration.schema.json) and the whole-draft checks of
 * schemas/rules/business-registration.ts with the numbers of schemas/data/business-registration-rules.json.
 * Every expectation is computed from those numbers, so changing one in the data moves the test with it.
 */
import { describe, expect, it } from 'vitest';
import common from '../../schemas/entities/common.schema.json' with { type: 'json' };
import businessRight from '../../schemas/entities/business-right.schema.json' with { type: 'json' };
import draftSchema from '../../schemas/forms/business-registration.schema.json' with { type: 'json' };
import rulesSchema from '../../schemas/data/business-registration-rules.schema.json' with { type: 'json' };
import {
  answerProblems,
  draftProblems,
  emailBlocks,
  tidiedAfterEdit,
  userEmailProblems,
  largestShares,
  needsSourceDetails,
  withSourceDetailsAsked,
  REGISTRATION_RULES as RULES,
  rightsForNewUser,
  tidiedDraft,
  type Draft,
  type DraftCompany,
  type DraftPerson,
} from '../../schemas/rules/business-registration.ts';
import { taxIdProblem, taxRequirement } from '../../schemas/rules/tax-ids.ts';
import dictionariesSchema from '../../schemas/data/business-dictionaries.schema.json' with { type: 'json' };
import {
  BUSINESS_DICTIONARIES as DICTIONARIES,
  dictionaryProblems,
  financialInfoProblems,
  offeredIndustryGroups,
  questionTypesOf,
} from '../../schemas/rules/business-registration.ts';
import { businessDictionaries } from './business.ts';
import { registrationRules } from './brand-rules.ts';
import { readFileSync } from 'node:fs';
import { createSchemaValidator } from '../http/json-schema.ts';
import { LANGUAGES, localeTexts } from '../i18n/texts.ts';

const ajv = createSchemaValidator();
ajv.addSchema(common);
ajv.addSchema(businessRight);
const validateDraft = ajv.compile(draftSchema);
const schemaErrors = (draft: unknown) => (validateDraft(draft) ? [] : (validateDraft.errors ?? []).map((error) => error.instancePath));

// The schema's accessRights enum names these levels; the data says which is which.
const TOP = RULES.users.topRightsLevel as DraftPerson['accessRights'];
const AUTHORISED = RULES.users.authorisedUserLevel as DraftPerson['accessRights'];
const THRESHOLD = RULES.sourceOfWealth.thresholdPercent;
const { minimum: SUM_MIN, maximum: SUM_MAX } = RULES.shareholders.levelShareSum;

function person(id: string, extra: Partial<DraftPerson> = {}): DraftPerson {
  return {
    id,
    firstName: `First ${id}`,
    lastName: 'Person',
    birthday: '1980-02-03',
    address: { address1: '1 Main Street', city: 'Valletta', countryCode: 'MT' },
    isUser: false,
    accessRights: 0,
    ...extra,
  };
}

/**
 * A valid draft: the root company's director is also its top-rights user and holds half of the data's
 * maximum level sum; a company holds the other half, with its own director and two person shareholders
 * holding half each.
 */
function validDraft(): Draft {
  const half = SUM_MAX / 2;
  return {
    version: RULES.draftVersion,
    generalForm: {
      businessName: 'Harbour Tools Ltd',
      registrationCountryCode: 'MT',
      registrationNumber: 'C 12345',
      registrationDate: '2015-06-01',
      email: 'office@harbour.example',
      phone: { countryCode: '+356', number: '2100 0000' },
      businessType: 'others',
      address: { address1: '2 Quay Street', city: 'Valletta', countryCode: 'MT' },
    },
    financialInfoForm: {
      monthlyDepositAmountId: DICTIONARIES.estimatedMonthlyDeposits[0]!.id,
      monthlyDepositCurrency: 'EUR',
      monthlyWithdrawalAmountId: DICTIONARIES.estimatedMonthlyDeposits[0]!.id,
      monthlyWithdrawalCurrency: 'EUR',
      sourceIds: [DICTIONARIES.sourcesOfFunds.business[0]!.id],
      purposeIds: [DICTIONARIES.purposes.business[0]!.id],
      industryId: DICTIONARIES.industryGroups.find((group) => !group.adult)!.industries[0]!.id,
    },
    dueDilligenceForm: { government: { answer: false }, lawsuits: { answer: false }, taxPayers: { answer: false } },
    legalForm: { terms: { privacyPolicy: true, userAgreement: true } },
    persons: [person('dir', { isUser: true, email: 'dir@harbour.example', accessRights: TOP }), person('p1'), person('p2'), person('cdir')],
    companies: [
      {
        id: 'co',
        name: 'Holding Ltd',
        registrationCountryCode: 'CY',
        registrationNumber: 'HE 1',
        directors: ['cdir'],
        shareholders: [
          { type: 'person', id: 'p1', share: half },
          { type: 'person', id: 'p2', share: half },
        ],
      },
    ],
    directors: ['dir'],
    owners: [],
    shareholders: [
      { type: 'person', id: 'dir', share: half },
      { type: 'company', id: 'co', share: half },
    ],
  };
}

const fields = (draft: Draft, brand = {}) => draftProblems(draft, brand).map((problem) => problem.field);

describe('the business registration draft', () => {
  it('accepts a valid two-level draft, by the schema and by the checks', () => {
    expect(schemaErrors(validDraft())).toEqual([]);
    expect(draftProblems(validDraft())).toEqual([]);
    expect(dictionaryProblems(validDraft(), { hideAdultIndustriesInRegistration: true }, ['EUR'])).toEqual([]);
  });

  it('takes each share above 0 and at most 100 (the schema), and refuses a person listed with shareholders of their own', () => {
    for (const share of [0, -1, 100.01]) {
      const draft = validDraft();
      draft.shareholders[0]!.share = share;
      expect(schemaErrors(draft)).toContain('/shareholders/0/share');
    }
    const draft = validDraft();
    draft.shareholders[0]!.share = 100;
    expect(schemaErrors(draft)).toEqual([]);
    expect(schemaErrors({ ...validDraft(), shareholders: [] })).toContain('/shareholders');
  });

  it('refuses a level whose shares add up to less than the minimum or more than the maximum, naming that level', () => {
    const at = (root: number[], nested: number[]) => {
      const draft = validDraft();
      draft.shareholders = root.map((share, index) => ({ type: index === 0 ? 'person' : 'company', id: index === 0 ? 'dir' : 'co', share }));
      draft.companies[0]!.shareholders = nested.map((share, index) => ({ type: 'person', id: `p${index + 1}`, share }));
      return draftProblems(draft).filter((problem) => problem.key === 'server.business.shareSum');
    };
    expect(at([SUM_MIN / 2, SUM_MIN / 2], [SUM_MAX / 2, SUM_MAX / 2])).toEqual([]);
    expect(at([SUM_MAX / 2, SUM_MAX / 2], [SUM_MIN - 0.01])).toEqual([
      { field: 'companies.0.shareholders', key: 'server.business.shareSum', values: { minimum: SUM_MIN, maximum: SUM_MAX, sum: SUM_MIN - 0.01 } },
    ]);
    expect(at([SUM_MAX / 2, SUM_MAX / 2 + 0.01], [SUM_MIN])).toEqual([
      { field: 'shareholders', key: 'server.business.shareSum', values: { minimum: SUM_MIN, maximum: SUM_MAX, sum: SUM_MAX + 0.01 } },
    ]);
    // hundredths add up exactly: a third each is the maximum, not a hair above it
    const third = Math.floor((SUM_MAX / 3) * 100) / 100;
    expect(at([third, SUM_MAX - third], [third, third, SUM_MAX - 2 * third])).toEqual([]);
  });

  it('needs a director for every company shareholder and for the root company', () => {
    const draft = validDraft();
    draft.companies[0]!.directors = [];
    draft.directors = [];
    expect(draftProblems(draft)).toEqual(
      expect.arrayContaining([
        { field: 'companies.0.directors', key: 'server.business.companyDirector' },
        { field: 'directors', key: 'server.business.rootDirector', values: { count: RULES.rootCompany.minimumDirectors } },
      ]),
    );
  });

  it('nests companies in companies up to the data maximum, and refuses a cycle', () => {
    const deep = validDraft();
    const depth = RULES.shareholders.maxDepth;
    for (let level = 1; level < depth + 1; level++) {
      deep.companies.push({ id: `c${level}`, name: `C${level}`, registrationCountryCode: 'CY', registrationNumber: `HE ${level}`, directors: ['cdir'] });
    }
    // co (depth 2) -> c1 (3) -> ... ; the company at depth maxDepth + 1 is refused
    let parent = deep.companies[0]!;
    for (let level = 1; level < depth + 1; level++) {
      parent.shareholders = [{ type: 'company', id: `c${level}`, share: SUM_MAX }];
      parent = deep.companies[level]!;
    }
    parent.shareholders = [{ type: 'person', id: 'p1', share: SUM_MAX }];
    const tooDeep = draftProblems(deep).filter((problem) => problem.key === 'server.business.tooDeep');
    expect(tooDeep).toEqual([{ field: `companies.${depth - 1}.shareholders`, key: 'server.business.tooDeep', values: { levels: depth } }]);

    const cycle = validDraft();
    cycle.companies[0]!.shareholders = [{ type: 'company', id: 'co', share: SUM_MAX }];
    expect(draftProblems(cycle)).toContainEqual({ field: 'companies.0.shareholders.0.id', key: 'server.business.shareholderCycle' });
  });

  it('refuses ids that name nobody, and a holder listed twice on one level', () => {
    const draft = validDraft();
    draft.directors = ['ghost'];
    draft.shareholders[1] = { type: 'company', id: 'nowhere', share: SUM_MAX / 2 };
    draft.companies[0]!.shareholders = [
      { type: 'person', id: 'p1', share: SUM_MIN },
      { type: 'person', id: 'p1', share: SUM_MIN },
    ];
    expect(fields(draft)).toEqual(expect.arrayContaining(['directors.0', 'shareholders.1.id', 'companies.0.shareholders.1.id']));
  });

  it('needs at least one user, one of them with top rights, each user with an e-mail and non-zero rights', () => {
    const noUser = validDraft();
    noUser.persons[0] = person('dir');
    expect(draftProblems(noUser)).toContainEqual({ field: 'persons', key: 'server.business.atLeastOneUser', values: { count: RULES.users.minimumUsers } });

    const noTop = validDraft();
    noTop.persons[0] = person('dir', { isUser: true, email: 'dir@harbour.example', accessRights: AUTHORISED, rights: ['balanceInfo'] });
    expect(draftProblems(noTop)).toContainEqual({ field: 'persons', key: 'server.business.topRightsUser' });
    expect(schemaErrors(noTop)).toEqual([]);

    const zero = validDraft();
    zero.persons[0] = person('dir', { isUser: true, email: 'dir@harbour.example', accessRights: 0 });
    expect(schemaErrors(zero)).toContain('/persons/0/accessRights');
    const noList = validDraft();
    noList.persons[0] = person('dir', { isUser: true, email: 'dir@harbour.example', accessRights: AUTHORISED, rights: [] });
    expect(schemaErrors(noList)).toContain('/persons/0/rights');
    const noEmail = validDraft();
    noEmail.persons[0] = person('dir', { isUser: true, accessRights: TOP });
    expect(schemaErrors(noEmail)).toContain('/persons/0');

    const twice = validDraft();
    twice.persons[1] = person('p1', { isUser: true, email: 'DIR@harbour.example', accessRights: TOP });
    expect(draftProblems(twice)).toContainEqual({ field: 'persons.1.email', key: 'server.business.emailTwice' });
  });

  it('gives the first user added the data first-user rights, and later ones none until chosen', () => {
    const draft = validDraft();
    expect(rightsForNewUser(draft)).toBe(0);
    draft.persons = draft.persons.map((one) => ({ ...one, isUser: false, accessRights: 0 }));
    expect(rightsForNewUser(draft)).toBe(RULES.users.firstUserRightsLevel);
  });

  it('asks holders of the threshold share or more for details of each source, only when the brand enables source of wealth', () => {
    const draft = validDraft();
    draft.shareholders = [
      { type: 'person', id: 'dir', share: THRESHOLD },
      { type: 'company', id: 'co', share: Math.min(SUM_MAX - THRESHOLD, THRESHOLD) },
    ];
    draft.persons[0] = { ...draft.persons[0]!, sourceOfFunds: [3, 4], sourceDetails: { 3: 'Salary from 2010' } };
    expect(needsSourceDetails(THRESHOLD, { sourceOfWealthEnable: true })).toBe(true);
    expect(needsSourceDetails(THRESHOLD - 0.01, { sourceOfWealthEnable: true })).toBe(false);
    expect(needsSourceDetails(100, { sourceOfWealthEnable: false })).toBe(false);
    expect(draftProblems(draft, { sourceOfWealthEnable: false }).filter((problem) => problem.field.startsWith('persons.0'))).toEqual([]);
    expect(draftProblems(draft, { sourceOfWealthEnable: true })).toContainEqual({
      field: 'persons.0.sourceDetails.4',
      key: 'server.business.sourceDetails',
      values: { percent: THRESHOLD },
    });
    draft.persons[0] = { ...draft.persons[0]!, sourceOfFunds: [] };
    expect(fields(draft, { sourceOfWealthEnable: true })).toContain('persons.0.sourceOfFunds');
  });

  it('marks the persons the wizard asks for source details (sourceDetailsAsked): the threshold share or more, where the brand enables it', () => {
    const draft = validDraft();
    draft.shareholders = [
      { type: 'person', id: 'dir', share: THRESHOLD },
      { type: 'company', id: 'co', share: Math.min(SUM_MAX - THRESHOLD, THRESHOLD) },
    ];
    const asked = (answers: typeof draft) => answers.persons.filter((one) => one.sourceDetailsAsked === true).map((one) => one.id);
    const marked = withSourceDetailsAsked(draft, { sourceOfWealthEnable: true });
    expect(asked(marked as typeof draft)).toContain('dir');
    expect(withSourceDetailsAsked(draft, { sourceOfWealthEnable: false })).toBe(draft);
    // nothing changed: the same answers, so a tidy does not loop
    expect(withSourceDetailsAsked(marked, { sourceOfWealthEnable: true })).toBe(marked);
    // the share falls below the threshold: no longer asked
    const fallen = { ...(marked as typeof draft), shareholders: [{ type: 'person' as const, id: 'dir', share: THRESHOLD - 0.01 }, draft.shareholders[1]!] };
    expect(asked(withSourceDetailsAsked(fallen, { sourceOfWealthEnable: true }) as typeof draft)).not.toContain('dir');
    // the mark is part of the draft's schema, so a draft the wizard saved passes the server's validation
    expect(schemaErrors(marked)).toEqual([]);
  });

  it('clears source details of a person whose share fell below the threshold, and removes whoever nothing names unless a user', () => {
    const draft = validDraft();
    draft.persons.push(person('orphan'), person('orphanUser', { isUser: true, email: 'o@harbour.example', accessRights: TOP }));
    draft.companies.push({ id: 'loose', name: 'Loose', registrationCountryCode: 'CY', registrationNumber: 'HE 9', directors: ['cdir'] });
    draft.persons[1] = { ...draft.persons[1]!, sourceDetails: { 1: 'Savings' } };
    draft.companies[0]!.shareholders = [
      { type: 'person', id: 'p1', share: THRESHOLD - 0.01 },
      { type: 'person', id: 'p2', share: THRESHOLD },
    ];
    draft.persons[2] = { ...draft.persons[2]!, sourceDetails: { 1: 'Savings' } };
    const tidied = tidiedDraft(draft);
    expect(tidied.persons.map((one) => one.id)).toEqual(['dir', 'p1', 'p2', 'cdir', 'orphanUser']);
    expect(tidied.companies.map((one) => one.id)).toEqual(['co']);
    expect(tidied.persons[1]!.sourceDetails).toBeUndefined();
    expect(tidied.persons[2]!.sourceDetails).toEqual({ 1: 'Savings' });
    expect(largestShares(tidied).get('p2')).toBe(THRESHOLD);
  });

  it('refuses a draft of another version, and terms not accepted', () => {
    expect(draftProblems({ ...validDraft(), version: '3.53' })).toContainEqual({
      field: 'version',
      key: 'server.business.draftVersion',
      values: { version: RULES.draftVersion },
    });
    const terms = { ...validDraft(), legalForm: { terms: { privacyPolicy: true, userAgreement: false } } };
    expect(schemaErrors(terms)).toContain('/legalForm/terms/userAgreement');
  });

  it('asks for details after a yes of due diligence', () => {
    const draft = {
      ...validDraft(),
      dueDilligenceForm: { government: { answer: true }, lawsuits: { answer: false }, taxPayers: { answer: true, details: 'x' } },
    };
    expect(schemaErrors(draft)).toContain('/dueDilligenceForm/government');
    expect(schemaErrors(draft).every((path) => path === '/dueDilligenceForm/government')).toBe(true);
  });

  it('checks tax numbers by the per-country table, and a business type the brand does not offer', () => {
    const required = Object.entries(taxRequirementTable()).find(([, rule]) => rule.business.required)!;
    const draft = validDraft();
    draft.generalForm.registrationCountryCode = required[0];
    expect(draftProblems(draft)).toContainEqual({ field: 'generalForm.businessTaxId', key: 'server.business.taxIdRequired' });
    expect(draftProblems(draft, { registrationBusinessTypes: ['webcamStudios'] })).toContainEqual({
      field: 'generalForm.businessType',
      key: 'server.business.businessType',
    });
    const person0 = validDraft();
    person0.persons[0]!.taxId = '!';
    expect(schemaErrors(person0)).toContain('/persons/0/taxId');
  });

  it('answers which e-mail statuses block a new user from the data', () => {
    const statuses = RULES.emailStatuses;
    for (const status of [statuses.free, statuses.exists, statuses.pending, statuses.employee, statuses.failed]) {
      expect(emailBlocks(status)).toBe(statuses.blocking.includes(status));
    }
  });

  it('words every refusal of the checks in every language', () => {
    const source = readFileSync(new URL('../../schemas/rules/business-registration.ts', import.meta.url), 'utf8');
    const keys = [...new Set(source.match(/server\.business\.[A-Za-z]+/g))];
    expect(keys.length).toBeGreaterThan(10);
    for (const language of LANGUAGES) {
      const t = localeTexts(language);
      for (const key of keys)
        expect(t(key, { count: 1, percent: 25, minimum: 10, maximum: 100, sum: 5, levels: 5, version: '3.54' }), `${language} ${key}`).not.toBe(key);
    }
  });

  it('keeps its numbers in a file its schema accepts', () => {
    expect(ajv.validate(rulesSchema, RULES)).toBe(true);
  });
});

describe('the business registration rules on a draft still being written (the wizard in the browser)', () => {
  it('reads a list not reached yet as empty and leaves out a form not answered yet', () => {
    const { generalForm, version } = validDraft();
    expect(answerProblems({ version, generalForm }).map((problem) => problem.field)).toEqual(['directors', 'shareholders', 'persons']);
    expect(answerProblems({ persons: [] })).not.toContainEqual(expect.objectContaining({ field: 'version' }));
    expect(answerProblems(validDraft())).toEqual([]);
  });

  it('refuses a bad sum on its level at any depth, a company shareholder without a director, and details missing at the threshold', () => {
    const draft = validDraft();
    draft.companies[0]!.shareholders![0]!.share = SUM_MAX;
    draft.companies[0]!.directors = [];
    draft.shareholders[0]!.share = THRESHOLD;
    draft.persons[0]!.sourceOfFunds = [DICTIONARIES.sourcesOfFunds.personal[0]!.id];
    expect(answerProblems(draft, { sourceOfWealthEnable: true })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'companies.0.shareholders', key: 'server.business.shareSum' }),
        { field: 'companies.0.directors', key: 'server.business.companyDirector' },
        expect.objectContaining({ field: `persons.0.sourceDetails.${DICTIONARIES.sourcesOfFunds.personal[0]!.id}`, key: 'server.business.sourceDetails' }),
      ]),
    );
  });

  it('refuses a bad sum on the level of a company no level names yet', () => {
    const draft = validDraft();
    draft.companies.push({
      id: 'later',
      name: 'Later Ltd',
      registrationCountryCode: 'CY',
      registrationNumber: 'HE 9',
      directors: ['cdir'],
      shareholders: [{ type: 'person', id: 'p1', share: SUM_MIN / 2 }],
    });
    expect(answerProblems(draft)).toEqual([expect.objectContaining({ field: 'companies.1.shareholders', key: 'server.business.shareSum' })]);
  });

  it("refuses on a user's e-mail field the statuses the data says block, and no other", async () => {
    const statuses = RULES.emailStatuses;
    for (const status of [statuses.free, statuses.exists, statuses.pending, statuses.employee, statuses.failed]) {
      const draft = validDraft();
      draft.persons.push(person('u2', { isUser: true, email: 'Second@Harbour.example', accessRights: TOP }), person('nu', { email: 'x@harbour.example' }));
      const asked: string[] = [];
      const problems = await userEmailProblems(draft, async (email) => {
        asked.push(email);
        return email === 'second@harbour.example' ? status : statuses.free;
      });
      expect(asked.sort()).toEqual(['dir@harbour.example', 'second@harbour.example']);
      expect(problems).toEqual(statuses.blocking.includes(status) ? [{ field: 'persons.4.email', key: 'server.business.emailTaken' }] : []);
    }
  });

  it('removes a person no longer named unless a user, but keeps one not named yet', () => {
    const draft = validDraft();
    const unnamed = { ...draft, persons: [...draft.persons, person('new')] };
    expect(tidiedAfterEdit(draft, unnamed).persons?.map((each) => each.id)).toContain('new');
    const noCompanyDirector = { ...draft, companies: [{ ...draft.companies[0]!, directors: [] }] };
    expect(tidiedAfterEdit(draft, noCompanyDirector).persons?.map((each) => each.id)).toEqual(['dir', 'p1', 'p2']);
    const noRootDirector = { ...draft, directors: [] };
    expect(tidiedAfterEdit(draft, noRootDirector).persons?.map((each) => each.id)).toContain('dir');
    const noShareholders = { ...draft, shareholders: draft.shareholders.slice(0, 1) };
    expect(tidiedAfterEdit(draft, noShareholders).companies).toEqual([]);
  });

  it('tidies answers holding an item still being written (a company with no lists yet)', () => {
    const draft = validDraft();
    const writing = { ...draft, companies: [...draft.companies, { name: 'Half' } as DraftCompany] };
    expect(tidiedAfterEdit(draft, writing).companies).toHaveLength(2);
  });

  it('clears source details when a share falls below the threshold, not when it was below already', () => {
    const draft = validDraft();
    draft.shareholders[0]!.share = THRESHOLD;
    draft.persons[0]!.sourceDetails = { '1': 'Savings' };
    const lowered = structuredClone(draft);
    lowered.shareholders[0]!.share = THRESHOLD - 1;
    expect(tidiedAfterEdit(draft, lowered).persons?.[0]?.sourceDetails).toBeUndefined();
    expect(tidiedAfterEdit(lowered, lowered).persons?.[0]?.sourceDetails).toEqual({ '1': 'Savings' });
  });

  it('gives the first user the data first-user rights when none are chosen, and a later user none', () => {
    const draft = validDraft();
    draft.persons[0] = { ...draft.persons[0]!, isUser: false, accessRights: undefined };
    const first = structuredClone(draft);
    first.persons[1] = { ...first.persons[1]!, isUser: true, accessRights: undefined };
    expect(tidiedAfterEdit(draft, first).persons?.[1]?.accessRights).toBe(RULES.users.firstUserRightsLevel);
    const second = structuredClone(validDraft());
    second.persons[1] = { ...second.persons[1]!, isUser: true, accessRights: undefined };
    expect(tidiedAfterEdit(validDraft(), second).persons?.[1]?.accessRights).toBeUndefined();
  });
});

describe('the business registration dictionaries', () => {
  const adult = DICTIONARIES.industryGroups.find((group) => group.adult)!;
  const mainstream = DICTIONARIES.industryGroups.find((group) => !group.adult)!;

  it('keeps its lists in a file its schema accepts', () => {
    expect(ajv.validate(dictionariesSchema, DICTIONARIES)).toBe(true);
  });

  it('leaves the adult industries out, and refuses one, where the brand hides them', () => {
    expect(offeredIndustryGroups({ hideAdultIndustriesInRegistration: true }).map((group) => group.key)).not.toContain(adult.key);
    expect(offeredIndustryGroups({}).map((group) => group.key)).toContain(adult.key);
    const draft = validDraft();
    draft.financialInfoForm.industryId = adult.industries[0]!.id;
    expect(dictionaryProblems(draft, { hideAdultIndustriesInRegistration: true })).toEqual([
      { field: 'financialInfoForm.industryId', key: 'server.business.notInList' },
    ]);
    expect(dictionaryProblems(draft, {})).toEqual([]);
    draft.financialInfoForm.industryId = mainstream.industries[0]!.id;
    expect(dictionaryProblems(draft, { hideAdultIndustriesInRegistration: true })).toEqual([]);
  });

  it("checks the financial form alone, naming fields inside it, as an admin's change of a company's financial info is checked", () => {
    const form = { ...validDraft().financialInfoForm, industryId: adult.industries[0]!.id, sourceIds: [999] };
    expect(financialInfoProblems(form, { hideAdultIndustriesInRegistration: true }, ['USD', 'EUR'])).toEqual([
      { field: 'sourceIds.0', key: 'server.business.notInList' },
      { field: 'industryId', key: 'server.business.notInList' },
    ]);
    expect(financialInfoProblems({ ...form, sourceIds: validDraft().financialInfoForm.sourceIds }, {})).toEqual([]);
  });

  it('refuses ids no list has, and currencies not offered', () => {
    const draft = validDraft();
    const unknown = Math.max(...DICTIONARIES.sourcesOfFunds.business.map((entry) => entry.id), ...DICTIONARIES.purposes.business.map((entry) => entry.id)) + 1;
    draft.financialInfoForm.sourceIds = [DICTIONARIES.sourcesOfFunds.business[0]!.id, unknown];
    draft.financialInfoForm.purposeIds = [unknown];
    draft.financialInfoForm.monthlyDepositAmountId = DICTIONARIES.estimatedMonthlyDeposits.length + 100;
    expect(dictionaryProblems(draft, {}, ['USD']).map((problem) => problem.field)).toEqual([
      'financialInfoForm.sourceIds.1',
      'financialInfoForm.purposeIds.0',
      'financialInfoForm.monthlyDepositAmountId',
      'financialInfoForm.monthlyDepositCurrency',
      'financialInfoForm.monthlyWithdrawalCurrency',
    ]);
  });

  it('asks the follow-up fields each question type names after its follow-up answer', () => {
    const types = questionTypesOf();
    for (const question of DICTIONARIES.additionalQuestions.business) {
      const type = types[question.type]!;
      const draft = validDraft();
      draft.financialInfoForm.additionalAnswers = { [question.key]: { value: type.followUp.when } };
      expect(dictionaryProblems(draft).map((problem) => problem.field)).toEqual(
        type.followUp.fields.map((name) => `financialInfoForm.additionalAnswers.${question.key}.${name}`),
      );
      const other = type.widget === 'yesNo' ? !type.followUp.when : type.options!.find((option) => option !== type.followUp.when)!;
      draft.financialInfoForm.additionalAnswers = { [question.key]: { value: other } };
      expect(dictionaryProblems(draft)).toEqual([]);
    }
    const draft = validDraft();
    draft.financialInfoForm.additionalAnswers = { noSuchQuestion: { value: true } };
    expect(dictionaryProblems(draft)).toEqual([{ field: 'financialInfoForm.additionalAnswers.noSuchQuestion', key: 'server.business.notInList' }]);
  });

  it('labels every entry it answers in every language', () => {
    const answered = businessDictionaries(registrationRules('paxum'), ['EUR']);
    const labelKeys = JSON.stringify(answered)
      .match(/"labelKey":"[^"]+"/g)!
      .map((pair) => pair.slice('"labelKey":"'.length, -1));
    expect(labelKeys.length).toBeGreaterThan(40);
    for (const language of LANGUAGES) {
      const t = localeTexts(language);
      for (const key of labelKeys) expect(t(key), `${language} ${key}`).not.toBe(key);
    }
  });
});

import taxTable from '../../schemas/data/tax-ids.json' with { type: 'json' };
type TaxRow = { business: { required: boolean } };
const taxRequirementTable = () => taxTable.countries as Record<string, TaxRow>;

describe('the per-country tax-id table lookup', () => {
  it('answers each listed country from the table, and an unlisted one as optional without crs', () => {
    for (const [code, row] of Object.entries(taxTable.countries)) {
      for (const kind of ['personal', 'business'] as const) {
        const rule = taxRequirement(code, kind);
        expect(rule).toMatchObject({ ...row[kind], crs: row.crs, countryCode: code });
        expect(taxIdProblem(code, kind, '')).toBe(row[kind].required ? 'required' : null);
      }
    }
    const unlisted = ['ZZ', 'QQ'].find((code) => !(code in taxTable.countries))!;
    expect(taxRequirement(unlisted, 'business')).toMatchObject({ required: false, crs: false });
    expect(taxIdProblem(unlisted, 'business', '')).toBeNull();
    expect(taxIdProblem(unlisted, 'business', '#')).toBe('pattern');
  });
});
