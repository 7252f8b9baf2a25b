import { describe, expect, it } from 'vitest';
import { emailLink } from './links.ts';

describe('emailLink', () => {
  it('makes a page of the product absolute on the base, its query kept, under a base with a path too', () => {
    expect(emailLink('https://bank.example', '/activate?username=ana%40example.com&activationCode=048213')).toBe(
      'https://bank.example/activate?username=ana%40example.com&activationCode=048213',
    );
    expect(emailLink('http://127.0.0.1:8080/', '/activate-business?email=a%40b.example')).toBe('http://127.0.0.1:8080/activate-business?email=a%40b.example');
    expect(emailLink('https://bank.example/app', '/activate')).toBe('https://bank.example/app/activate');
  });
});
