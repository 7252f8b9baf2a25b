/**
 * The business registration rules JSON Schema cannot say (document 002 section 5), written once and run
 * alike by the registration wizard in the browser and by the server before it creates anything: the share
 * sum of each level of the shareholders tree, a company shareholder's director, the root company's
 * director, the users (at least one, one with top rights, no e-mail twice), source-of-funds details for the
 * big holders when the brand enables source of wealth, the tax numbers of the per-country table, and that
 * every id the draft names exists. The numbers come from schemas/data/business-registration-rules.json;
 * the draft's own shape (shares above 0 and at most 100, terms accepted, a user's rights) from
 * schemas/forms/business-registration.schema.json, which both sides validate against first.
 *
 * Every problem names its field as the server's refusals do (a dot path: `companies.1.shareholders`) and
 * its text as a locale key of locales/<language>/server.json.
 */
import defaultRules from '../data/business-registration-rules.json' with { type: 'json' };
import dictionaries from '../data/business-dictionaries.json' with { type: 'json' };
import type { BusinessRegistrationDraft } from '../../generated/entities.ts';
import { taxIdProblem } from './tax-ids.ts';

export type Draft = BusinessRegistrationDraft;
export type DraftPerson = Draft['persons'][number];
export type DraftCompany = Draft['companies'][number];
export type DraftShareholder = Draft['shareholders'][number];

/** The numbers of the rules (schemas/data/business-registration-rules.json). */
export type RegistrationRuleData = typeof defaultRules;

/** What of the brand the rules read (brands/<id>/brand.json). */
export interface RegistrationBrand {
  /** People holding the threshold share or more give details of their sources of funds. */
  sourceOfWealthEnable?: boolean;
  /** The business types the brand offers; absent: any. */
  registrationBusinessTypes?: readonly string[];
  /** The adult industries group is neither offered nor accepted. */
  hideAdultIndustriesInRegistration?: boolean;
}

/** The wizard's dictionaries (schemas/data/business-dictionaries.json). */
export type BusinessDictionaries = typeof dictionaries;

/** How an additional-question type is asked (business-dictionaries.json questionTypes). */
export interface QuestionType {
  widget: 'yesNo' | 'radio';
  options?: readonly number[];
  followUp: { when: boolean | number; fields: ReadonlyArray<'text' | 'name' | 'date'> };
}

/**
 * The question types of the dictionaries, typed (the data file's schema limits widget and fields).
 *
 * @example
 * questionTypesOf().controlAccount; // { widget: 'radio', options: [1, 2], followUp: { when: 2, fields: ['name', 'date'] } }
 */
export const questionTypesOf = (data: BusinessDictionaries = BUSINESS_DICTIONARIES): Readonly<Record<string, QuestionType | undefined>> =>
  data.questionTypes as Record<string, QuestionType | undefined>;

/** The dictionaries as the data file gives them. */
export const BUSINESS_DICTIONARIES: BusinessDictionaries = dictionaries;

/**
 * The industry groups a brand offers: the adult group left out where the brand hides adult industries.
 *
 * @example
 * offeredIndustryGroups({ hideAdultIndustriesInRegistration: true }).map((group) => group.key); // ['mainstream', 'financial', 'investment']
 */
export function offeredIndustryGroups(brand: RegistrationBrand, data: BusinessDictionaries = BUSINESS_DICTIONARIES): BusinessDictionaries['industryGroups'] {
  return data.industryGroups.filter((group) => !(group.adult && brand.hideAdultIndustriesInRegistration));
}

/** One refused field: its dot path in the draft and its text (a key of server.json, with values). */
export interface DraftProblem {
  field: string;
  key: string;
  values?: Record<string, string | number>;
}

/** The rules as the JSON data file gives them, for callers that do not pass their own. */
export const REGISTRATION_RULES: RegistrationRuleData = defaultRules;

/** Shares are counted in hundredths of a percent, so 33.33 + 33.33 + 33.34 is exactly 100. */
const hundredths = (share: number) => Math.round(share * 100);

/** Where each shareholder list of the draft is: the root's, or a company's. */
interface Level {
  field: string;
  holders: readonly DraftShareholder[];
  depth: number;
}

/**
 * The levels of the shareholders tree, root first, each with its field and depth, walked from the root so a
 * company reached again on its own path (a cycle) is reported rather than followed.
 */
function levelsOf(draft: Draft, rules: RegistrationRuleData, problems: DraftProblem[]): Level[] {
  const levels: Level[] = [];
  const companyIndex = new Map(draft.companies.map((company, index) => [company.id, index]));
  const walk = (field: string, holders: readonly DraftShareholder[], depth: number, path: readonly string[]) => {
    levels.push({ field, holders, depth });
    holders.forEach((holder, index) => {
      if (holder.type !== 'company') return;
      const at = companyIndex.get(holder.id);
      const company = at === undefined ? undefined : draft.companies[at];
      if (!company?.shareholders) return;
      if (path.includes(holder.id)) {
        problems.push({ field: `${field}.${index}.id`, key: 'server.business.shareholderCycle' });
        return;
      }
      if (depth + 1 > rules.shareholders.maxDepth) {
        problems.push({ field: `companies.${at}.shareholders`, key: 'server.business.tooDeep', values: { levels: rules.shareholders.maxDepth } });
        return;
      }
      walk(`companies.${at}.shareholders`, company.shareholders, depth + 1, [...path, holder.id]);
    });
  };
  walk('shareholders', draft.shareholders, 1, []);
  // A company no level names yet (the wizard asks for companies before the root's shareholders) has its
  // own level all the same, at the second level at least.
  const walked = new Set(levels.map((level) => level.field));
  draft.companies.forEach((company, index) => {
    const field = `companies.${index}.shareholders`;
    if (company.shareholders && !walked.has(field)) walk(field, company.shareholders, 2, [company.id]);
  });
  return levels;
}

/**
 * The largest share each person holds directly, at any level of the tree.
 *
 * @example
 * largestShares(draft).get('p1'); // 40
 */
export function largestShares(draft: Draft): Map<string, number> {
  const shares = new Map<string, number>();
  const lists = [draft.shareholders, ...draft.companies.map((company) => company.shareholders ?? [])];
  for (const holders of lists) {
    for (const holder of holders) {
      if (holder.type === 'person') shares.set(holder.id, Math.max(shares.get(holder.id) ?? 0, holder.share));
    }
  }
  return shares;
}

/** Whether a person holding `share` percent must detail their sources of funds. */
export const needsSourceDetails = (share: number, brand: RegistrationBrand, rules: RegistrationRuleData = REGISTRATION_RULES): boolean =>
  brand.sourceOfWealthEnable === true && share >= rules.sourceOfWealth.thresholdPercent;

/** Whether an e-mail existence status (the check-email call's, or -1 when it failed) keeps it from being a new user. */
export const emailBlocks = (status: number, rules: RegistrationRuleData = REGISTRATION_RULES): boolean => rules.emailStatuses.blocking.includes(status);

function checkIds(draft: Draft, problems: DraftProblem[]): void {
  const personIds = new Set<string>();
  draft.persons.forEach((person, index) => {
    if (personIds.has(person.id)) problems.push({ field: `persons.${index}.id`, key: 'server.business.duplicateId' });
    personIds.add(person.id);
  });
  const companyIds = new Set<string>();
  draft.companies.forEach((company, index) => {
    if (companyIds.has(company.id) || personIds.has(company.id)) problems.push({ field: `companies.${index}.id`, key: 'server.business.duplicateId' });
    companyIds.add(company.id);
  });
  const persons = (field: string, ids: readonly string[]) =>
    ids.forEach((id, index) => {
      if (!personIds.has(id)) problems.push({ field: `${field}.${index}`, key: 'server.business.unknownPerson' });
    });
  persons('directors', draft.directors);
  persons('owners', draft.owners);
  draft.companies.forEach((company, index) => persons(`companies.${index}.directors`, company.directors));
  const holders = (field: string, list: readonly DraftShareholder[]) => {
    const seen = new Set<string>();
    list.forEach((holder, index) => {
      const known = holder.type === 'person' ? personIds.has(holder.id) : companyIds.has(holder.id);
      if (!known)
        problems.push({ field: `${field}.${index}.id`, key: holder.type === 'person' ? 'server.business.unknownPerson' : 'server.business.unknownCompany' });
      else if (seen.has(holder.id)) problems.push({ field: `${field}.${index}.id`, key: 'server.business.duplicateShareholder' });
      seen.add(holder.id);
    });
  };
  holders('shareholders', draft.shareholders);
  draft.companies.forEach((company, index) => holders(`companies.${index}.shareholders`, company.shareholders ?? []));
}

function checkShareholders(draft: Draft, rules: RegistrationRuleData, problems: DraftProblem[]): void {
  const { minimum, maximum } = rules.shareholders.levelShareSum;
  for (const level of levelsOf(draft, rules, problems)) {
    const sum = level.holders.reduce((total, holder) => total + hundredths(holder.share), 0);
    if (sum < hundredths(minimum) || sum > hundredths(maximum)) {
      problems.push({ field: level.field, key: 'server.business.shareSum', values: { minimum, maximum, sum: sum / 100 } });
    }
  }
  if (rules.shareholders.companyNeedsDirector) {
    draft.companies.forEach((company, index) => {
      if (company.directors.length === 0) problems.push({ field: `companies.${index}.directors`, key: 'server.business.companyDirector' });
    });
  }
}

function checkPersons(draft: Draft, rules: RegistrationRuleData, brand: RegistrationBrand, problems: DraftProblem[]): void {
  const shares = largestShares(draft);
  const emails = new Map<string, number>();
  draft.persons.forEach((person, index) => {
    const share = shares.get(person.id) ?? 0;
    if (needsSourceDetails(share, brand, rules)) {
      const sources = person.sourceOfFunds ?? [];
      const values = { percent: rules.sourceOfWealth.thresholdPercent };
      if (sources.length === 0) problems.push({ field: `persons.${index}.sourceOfFunds`, key: 'server.business.sourceOfFunds', values });
      for (const source of sources) {
        if (!person.sourceDetails?.[String(source)]?.trim()) {
          problems.push({ field: `persons.${index}.sourceDetails.${source}`, key: 'server.business.sourceDetails', values });
        }
      }
    }
    const tax = taxIdProblem(person.address.countryCode, 'personal', person.taxId);
    if (tax) problems.push({ field: `persons.${index}.taxId`, key: tax === 'required' ? 'server.business.taxIdRequired' : 'server.business.taxIdPattern' });
    if (person.isUser && person.email) {
      const email = person.email.toLowerCase();
      if (emails.has(email)) problems.push({ field: `persons.${index}.email`, key: 'server.business.emailTwice' });
      emails.set(email, index);
    }
  });
}

function checkUsers(draft: Draft, rules: RegistrationRuleData, problems: DraftProblem[]): void {
  const users = draft.persons.filter((person) => person.isUser);
  if (users.length < rules.users.minimumUsers) {
    problems.push({ field: 'persons', key: 'server.business.atLeastOneUser', values: { count: rules.users.minimumUsers } });
  } else if (!users.some((user) => user.accessRights === rules.users.topRightsLevel)) {
    problems.push({ field: 'persons', key: 'server.business.topRightsUser' });
  }
}

/**
 * Every problem of a draft the schema already accepted, in draft order; none means the registration may
 * be sent (and the server creates it).
 *
 * @example
 * draftProblems(draft, { sourceOfWealthEnable: true });
 * // [{ field: 'companies.0.shareholders', key: 'server.business.shareSum', values: { minimum: 10, maximum: 100, sum: 120 } }]
 */
export function draftProblems(draft: Draft, brand: RegistrationBrand = {}, rules: RegistrationRuleData = REGISTRATION_RULES): DraftProblem[] {
  return [...companyFormProblems(draft.generalForm, brand), ...treeProblems(draft, brand, rules, true)];
}

/** The root company form's problems: its business type among the brand's, its tax number as its country wants it. */
function companyFormProblems(form: Draft['generalForm'], brand: RegistrationBrand): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (brand.registrationBusinessTypes && !brand.registrationBusinessTypes.includes(form.businessType)) {
    problems.push({ field: 'generalForm.businessType', key: 'server.business.businessType' });
  }
  const tax = taxIdProblem(form.registrationCountryCode, 'business', form.businessTaxId);
  if (tax) problems.push({ field: 'generalForm.businessTaxId', key: tax === 'required' ? 'server.business.taxIdRequired' : 'server.business.taxIdPattern' });
  return problems;
}

/** The version, the root company's directors, the ids, the shareholders tree, the persons and the users. */
function treeProblems(draft: Draft, brand: RegistrationBrand, rules: RegistrationRuleData, checkVersion: boolean): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (checkVersion && draft.version !== rules.draftVersion) {
    problems.push({ field: 'version', key: 'server.business.draftVersion', values: { version: rules.draftVersion } });
  }
  if (draft.directors.length < rules.rootCompany.minimumDirectors) {
    problems.push({ field: 'directors', key: 'server.business.rootDirector', values: { count: rules.rootCompany.minimumDirectors } });
  }
  checkIds(draft, problems);
  checkShareholders(draft, rules, problems);
  checkPersons(draft, rules, brand, problems);
  checkUsers(draft, rules, problems);
  return problems;
}

/** The answers of a wizard under way: any part, the lists not reached yet absent. */
export type DraftAnswers = Partial<Draft>;

/** The answers with every list not reached yet empty, as the whole-draft rules read them. */
const withLists = (answers: DraftAnswers): Draft =>
  ({ version: REGISTRATION_RULES.draftVersion, persons: [], companies: [], directors: [], owners: [], shareholders: [], ...answers }) as Draft;

/**
 * The problems of a draft still being written (the wizard's answers so far), each on its field: the
 * rules of {@link draftProblems} and {@link dictionaryProblems}, a form not answered yet left out and a list
 * not reached yet read as empty (so its minimum speaks on its own field, which the wizard asks later).
 *
 * @example
 * answerProblems({ persons: [lara], shareholders: [{ type: 'person', id: 'p1', share: 120 }] });
 * // [..., { field: 'shareholders', key: 'server.business.shareSum', values: { minimum: 10, maximum: 100, sum: 120 } }]
 */
export function answerProblems(answers: DraftAnswers, brand: RegistrationBrand = {}, rules: RegistrationRuleData = REGISTRATION_RULES): DraftProblem[] {
  const draft = withLists(answers);
  return [
    ...(answers.generalForm ? companyFormProblems(answers.generalForm, brand) : []),
    ...treeProblems(draft, brand, rules, answers.version !== undefined),
    ...(answers.financialInfoForm ? dictionaryProblems(draft, brand) : []),
  ];
}

/**
 * The users' e-mails that may not become logins (document 002 section 5: existence status 1 or 2 blocks),
 * each on its field, from `statusOf` (the check-email call's status, or -1 when it failed).
 *
 * @example
 * await userEmailProblems(draft, async (email) => (await rpc('checkEmail', { email })).status);
 * // [{ field: 'persons.0.email', key: 'server.business.emailTaken' }]
 */
export async function userEmailProblems(
  answers: DraftAnswers,
  statusOf: (email: string) => Promise<number>,
  rules: RegistrationRuleData = REGISTRATION_RULES,
): Promise<DraftProblem[]> {
  const taken = await Promise.all(
    (answers.persons ?? []).map(async (person, index) =>
      person.isUser && person.email && emailBlocks(await statusOf(person.email.toLowerCase()), rules) ? [index] : [],
    ),
  );
  return taken.flat().map((index) => ({ field: `persons.${index}.email`, key: 'server.business.emailTaken' }));
}

/**
 * What of the financial form the dictionaries do not offer: sources, purposes and monthly amounts by id,
 * the industry among the groups the brand offers, currencies among `currencies` (when given), and the
 * additional questions with the follow-up their type asks for (a yes/no's text after a yes, a radio's
 * name and date after its follow-up value). Fields are named inside the form: the wizard's draft and an
 * admin's change of a company's financial info (adminCompanyComplianceUpdate) each put their prefix.
 *
 * @example
 * financialInfoProblems({ ...form, industryId: 1 }, { hideAdultIndustriesInRegistration: true }); // [{ field: 'industryId', key: 'server.business.notInList' }]
 */
export function financialInfoProblems(
  form: Draft['financialInfoForm'],
  brand: RegistrationBrand = {},
  currencies?: readonly string[],
  data: BusinessDictionaries = BUSINESS_DICTIONARIES,
): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const notInList = (field: string) => problems.push({ field, key: 'server.business.notInList' });
  const ids = (entries: ReadonlyArray<{ id: number }>) => new Set(entries.map((entry) => entry.id));
  const sources = ids(data.sourcesOfFunds.business);
  form.sourceIds.forEach((id, index) => sources.has(id) || notInList(`sourceIds.${index}`));
  const purposes = ids(data.purposes.business);
  form.purposeIds.forEach((id, index) => purposes.has(id) || notInList(`purposeIds.${index}`));
  const amounts = ids(data.estimatedMonthlyDeposits);
  if (!amounts.has(form.monthlyDepositAmountId)) notInList('monthlyDepositAmountId');
  if (!amounts.has(form.monthlyWithdrawalAmountId)) notInList('monthlyWithdrawalAmountId');
  if (!offeredIndustryGroups(brand, data).some((group) => group.industries.some((industry) => industry.id === form.industryId))) notInList('industryId');
  if (currencies) {
    if (!currencies.includes(form.monthlyDepositCurrency)) notInList('monthlyDepositCurrency');
    if (!currencies.includes(form.monthlyWithdrawalCurrency)) notInList('monthlyWithdrawalCurrency');
  }
  const types = questionTypesOf(data);
  for (const [key, answer] of Object.entries(form.additionalAnswers ?? {})) {
    if (!answer) continue;
    const question = data.additionalQuestions.business.find((candidate) => candidate.key === key);
    const type = question ? types[question.type] : undefined;
    const field = `additionalAnswers.${key}`;
    if (!type) {
      notInList(field);
      continue;
    }
    const options: readonly (boolean | number)[] = type.widget === 'yesNo' ? [true, false] : (type.options ?? []);
    if (!options.includes(answer.value)) notInList(`${field}.value`);
    else if (answer.value === type.followUp.when) {
      for (const name of type.followUp.fields) {
        if (!answer[name]?.trim()) problems.push({ field: `${field}.${name}`, key: 'server.business.followUp' });
      }
    }
  }
  return problems;
}

/**
 * What of the draft the dictionaries do not offer: the financial form's choices (financialInfoProblems)
 * and the persons' sources of funds.
 *
 * @example
 * dictionaryProblems(draft, { hideAdultIndustriesInRegistration: true }); // [{ field: 'financialInfoForm.industryId', key: 'server.business.notInList' }]
 */
export function dictionaryProblems(
  draft: Draft,
  brand: RegistrationBrand = {},
  currencies?: readonly string[],
  data: BusinessDictionaries = BUSINESS_DICTIONARIES,
): DraftProblem[] {
  const problems = financialInfoProblems(draft.financialInfoForm, brand, currencies, data).map((problem) => ({
    ...problem,
    field: `financialInfoForm.${problem.field}`,
  }));
  const personalSources = new Set(data.sourcesOfFunds.personal.map((entry) => entry.id));
  draft.persons.forEach((person, index) =>
    (person.sourceOfFunds ?? []).forEach(
      (id, at) => personalSources.has(id) || problems.push({ field: `persons.${index}.sourceOfFunds.${at}`, key: 'server.business.notInList' }),
    ),
  );
  return problems;
}

/**
 * The draft as it is kept after an edit (document 002 section 4): persons and companies no longer named
 * anywhere are removed (a person marked as user stays), and a person whose largest share fell below the
 * threshold loses their source-of-funds details. (Document 002 says both "25 percent or more must give
 * details" and "at 25 percent or less they are cleared"; a holder of exactly the threshold must give them,
 * so they are kept.)
 *
 * @example
 * const kept = tidiedDraft(draft, brand); // save this one
 */
export function tidiedDraft(draft: Draft, rules: RegistrationRuleData = REGISTRATION_RULES): Draft {
  const named = new Set<string>([...draft.directors, ...draft.owners]);
  const reachable = new Set<string>();
  const visit = (holders: readonly DraftShareholder[]) => {
    for (const holder of holders) {
      if (reachable.has(holder.id)) continue;
      reachable.add(holder.id);
      if (holder.type === 'company') {
        const company = draft.companies.find((candidate) => candidate.id === holder.id);
        company?.directors.forEach((id) => named.add(id));
        visit(company?.shareholders ?? []);
      }
    }
  };
  visit(draft.shareholders);
  reachable.forEach((id) => named.add(id));
  const shares = largestShares(draft);
  const persons = draft.persons
    .filter((person) => person.isUser || named.has(person.id))
    .map((person) => {
      if ((shares.get(person.id) ?? 0) >= rules.sourceOfWealth.thresholdPercent || person.sourceDetails === undefined) return person;
      const { sourceDetails: _cleared, ...rest } = person;
      return rest;
    });
  return { ...draft, persons, companies: draft.companies.filter((company) => reachable.has(company.id)) };
}

/** The ids of the persons and companies the answers name: as directors, owners or shareholders at any level. */
function referencedIds(draft: Draft): Set<string> {
  const named = new Set<string>([...draft.directors, ...draft.owners]);
  // A company still being written in the wizard may have neither list yet.
  for (const company of draft.companies as ReadonlyArray<Partial<DraftCompany>>) {
    (company.directors ?? []).forEach((id) => named.add(id));
    (company.shareholders ?? []).forEach((holder) => named.add(holder.id));
  }
  draft.shareholders.forEach((holder) => named.add(holder.id));
  return named;
}

/**
 * The answers as the wizard keeps them after an edit (document 002 sections 4 and 5), from the answers
 * before and after it: a person or company named before and no longer named anywhere is removed (a person
 * marked as user stays); a person whose largest share falls below the threshold loses their source-of-funds
 * details; and a person who becomes the first user, with no rights chosen, gets the first user's rights.
 * (Someone added but not named yet stays: the wizard asks for people before it asks who they are.)
 *
 * @example
 * tidiedAfterEdit(answers, { ...answers, directors: [] }); // the director no longer named is gone, unless a user
 */
export function tidiedAfterEdit(before: DraftAnswers, after: DraftAnswers, rules: RegistrationRuleData = REGISTRATION_RULES): DraftAnswers {
  const was = referencedIds(withLists(before));
  const is = referencedIds(withLists(after));
  const dropped = (id: string) => was.has(id) && !is.has(id);
  const sharesBefore = largestShares(withLists(before));
  const sharesAfter = largestShares(withLists(after));
  const threshold = rules.sourceOfWealth.thresholdPercent;
  const usersBefore = new Set((before.persons ?? []).filter((person) => person.isUser).map((person) => person.id));
  const persons = after.persons?.filter((person) => person.isUser || !dropped(person.id));
  const tidiedPersons = persons?.map((person) => {
    let kept = person;
    if (kept.sourceDetails !== undefined && (sharesBefore.get(kept.id) ?? 0) >= threshold && (sharesAfter.get(kept.id) ?? 0) < threshold) {
      const { sourceDetails: _cleared, ...rest } = kept;
      kept = rest;
    }
    const others = persons.filter((other) => other !== person);
    if (kept.isUser && !usersBefore.has(kept.id) && kept.accessRights === undefined) {
      const rightsLevel = rightsForNewUser({ ...withLists(after), persons: others }, rules);
      if (rightsLevel !== 0) kept = { ...kept, accessRights: rightsLevel as 2 };
    }
    return kept;
  });
  const companies = after.companies?.filter((company) => !dropped(company.id));
  const changed =
    tidiedPersons?.some((person, index) => person !== after.persons?.[index]) ||
    tidiedPersons?.length !== after.persons?.length ||
    companies?.length !== after.companies?.length;
  return changed ? { ...after, ...(tidiedPersons && { persons: tidiedPersons }), ...(companies && { companies }) } : after;
}

/**
 * The answers with each person's `sourceDetailsAsked` saying whether the wizard asks them for source-of-funds
 * details (their largest share at the threshold or more, where the brand enables source of wealth): the
 * person form shows the details field by it. The same answers when nothing changes.
 *
 * @example
 * withSourceDetailsAsked(answers, { sourceOfWealthEnable: true }); // a 30 % holder gets sourceDetailsAsked: true
 */
export function withSourceDetailsAsked(answers: DraftAnswers, brand: RegistrationBrand, rules: RegistrationRuleData = REGISTRATION_RULES): DraftAnswers {
  if (!answers.persons) return answers;
  const shares = largestShares(withLists(answers));
  let changed = false;
  const persons = answers.persons.map((person) => {
    const asked = needsSourceDetails(shares.get(person.id) ?? 0, brand, rules);
    if ((person.sourceDetailsAsked === true) === asked) return person;
    changed = true;
    if (asked) return { ...person, sourceDetailsAsked: true };
    const { sourceDetailsAsked: _dropped, ...rest } = person;
    return rest;
  });
  return changed ? { ...answers, persons } : answers;
}

/**
 * The access right a user added to the draft gets: the first user top rights, later ones none until chosen.
 *
 * @example
 * rightsForNewUser(draft); // 2 when nobody is a user yet
 */
export function rightsForNewUser(draft: Draft, rules: RegistrationRuleData = REGISTRATION_RULES): number {
  return draft.persons.some((person) => person.isUser) ? 0 : rules.users.firstUserRightsLevel;
}

/**
 * A signed-in registrant's place in the draft of a new business (the wizard's new-business variant): they
 * must be one of its persons under their own login e-mail, or the problem on `persons` says so.
 *
 * @example
 * registrantProblems({ persons: [] }, 'anna@example.com');
 * // [{ field: 'persons', key: 'server.business.registrantMissing', values: { email: 'anna@example.com' } }]
 */
export function registrantProblems(answers: DraftAnswers, email: string): DraftProblem[] {
  const own = email.toLowerCase();
  if ((answers.persons ?? []).some((person) => person.email?.toLowerCase() === own)) return [];
  return [{ field: 'persons', key: 'server.business.registrantMissing', values: { email: own } }];
}

/**
 * The draft with the signed-in registrant's person (their login e-mail) a user with top rights, as the
 * new-business variant makes them, whatever the draft said.
 *
 * @example
 * withRegistrantAsTopUser(draft, 'anna@example.com').persons[0]; // { …, isUser: true, accessRights: 2 }
 */
export function withRegistrantAsTopUser(draft: Draft, email: string, rules: RegistrationRuleData = REGISTRATION_RULES): Draft {
  const own = email.toLowerCase();
  return {
    ...draft,
    persons: draft.persons.map((person) => {
      if (person.email?.toLowerCase() !== own) return person;
      const { rights: _rights, ...rest } = person;
      return { ...rest, isUser: true, accessRights: rules.users.topRightsLevel as Draft['persons'][number]['accessRights'] };
    }),
  };
}
