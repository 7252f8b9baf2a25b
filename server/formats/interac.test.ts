import { describe, expect, it } from 'vitest';
import { isInteracRecipient, normalInteracRecipient, normalSecurityAnswer, securityAnswerProblem } from './interac.ts';

describe('Interac recipients', () => {
  it.each(['ana@example.ca', '+1 (416) 555-0142', '416-555-0142', '4165550142'])('accepts %s', (recipient) => expect(isInteracRecipient(recipient)).toBe(true));
  it.each(['ana@example', '416-555', '+44 20 7946 0958', '116-555-0142', ''])('refuses %s', (recipient) => expect(isInteracRecipient(recipient)).toBe(false));
  it('writes a recipient as the rail takes it', () => {
    expect(normalInteracRecipient(' Ana@Example.ca ')).toBe('ana@example.ca');
    expect(normalInteracRecipient('(416) 555-0142')).toBe('+14165550142');
  });
});

describe('security answers', () => {
  it('take 3 to 25 characters that the question does not contain', () => {
    expect(securityAnswerProblem('Name of our first dog?', 'Rex')).toBeUndefined();
    expect(securityAnswerProblem('Name of our first dog?', 'Re')).toBe('length');
    expect(securityAnswerProblem('Name of our first dog?', 'x'.repeat(26))).toBe('length');
    expect(securityAnswerProblem('Is it Rex?', ' REX ')).toBe('inQuestion');
    expect(securityAnswerProblem('Dessert: crème brûlée?', 'Creme-Brulee')).toBe('inQuestion');
    expect(securityAnswerProblem('Where did we meet?', '...')).toBe('inQuestion');
  });
  it('compare without case, accents or spaces', () => expect(normalSecurityAnswer(' Crème Brûlée ')).toBe('cremebrulee'));
});
