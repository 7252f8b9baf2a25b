import { describe, expect, it } from 'vitest';
import { summariseParams } from './audit-log.ts';

describe('summariseParams', () => {
  it('leaves out secrets, files and the method, keeps the rest', () => {
    expect(
      summariseParams({
        method: 'x',
        email: 'a@example.com',
        password: 'hunter2',
        passwordNew: 'n',
        code: '123456',
        approvalCode: '9999',
        countryCode: 'GB',
        currencyCode: 'EUR',
        pin: '1234',
        files: { main: 'data:application/pdf;name=a.pdf;base64,AAAA' },
        nested: { refreshToken: 't', amount: '10.00' },
      }),
    ).toEqual({
      email: 'a@example.com',
      password: '[secret]',
      passwordNew: '[secret]',
      code: '[secret]',
      approvalCode: '[secret]',
      countryCode: 'GB',
      currencyCode: 'EUR',
      pin: '[secret]',
      files: { main: '[file 43 characters]' },
      nested: { refreshToken: '[secret]', amount: '10.00' },
    });
  });

  it('cuts long texts and long lists', () => {
    const summary = summariseParams({ note: 'x'.repeat(500), ids: Array.from({ length: 30 }, (_, i) => i) });
    expect(summary.note).toMatch(/^x{200}… \(500 characters\)$/);
    expect(summary.ids).toHaveLength(21);
  });
});
