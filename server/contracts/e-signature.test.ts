import { describe, expect, it, vi } from 'vitest';
import { esignMac, gatewayContractSigning, readSignToken, sandboxContractSigning, signToken } from './e-signature.ts';

const request = { contractId: 7, customerId: 3, signerName: 'Sam Sender', documentPath: '/contracts/pdf/abc' };
const gateway = { url: 'https://esign.example/api/', apiKey: 'key-1', webhookSecret: 'hook-secret', publicUrl: 'https://bank.example' };

describe('contract signing providers', () => {
  it('the sandbox answers its own page for the party, with a link token naming the contract and the signer', async () => {
    const provider = sandboxContractSigning('sandbox-secret');
    const { signUrl, clientId } = await provider.signUrl(request);
    expect(clientId).toBe('sandbox-esign');
    expect(signUrl).toMatch(/^\/sandbox\/esign\/[\w-]+\.[\w-]+$/);
    expect(readSignToken(signUrl.split('/').pop()!)).toEqual({ contractId: 7, customerId: 3 });
  });

  it('the sandbox accepts only callbacks signed with its secret', () => {
    const provider = sandboxContractSigning('sandbox-secret');
    const body = JSON.stringify({ contractId: 7, customerId: 3, event: 'signed' });
    expect(provider.verifyCallback(body, esignMac(body, 'sandbox-secret'))).toBe(true);
    expect(provider.verifyCallback(body, esignMac(body, 'another-secret'))).toBe(false);
    expect(provider.verifyCallback(body.replace('3', '4'), esignMac(body, 'sandbox-secret'))).toBe(false);
    expect(provider.verifyCallback(body, undefined)).toBe(false);
    expect(provider.verifyCallback(body, 'forged')).toBe(false);
  });

  it('a link token is refused when forged or expired', () => {
    const token = signToken(7, 3, Date.UTC(2026, 0, 1));
    expect(readSignToken(token, Date.UTC(2026, 0, 1) + 59 * 60_000)).toEqual({ contractId: 7, customerId: 3 });
    expect(readSignToken(token, Date.UTC(2026, 0, 1) + 61 * 60_000)).toBeUndefined();
    const [body] = token.split('.');
    expect(readSignToken(`${body}.${esignMac(body!, 'not-the-secret')}`, Date.UTC(2026, 0, 1))).toBeUndefined();
    expect(readSignToken('nonsense', Date.UTC(2026, 0, 1))).toBeUndefined();
  });

  it('a real provider is asked over HTTP for the page, with the document and the callback addresses, and its callbacks checked with its secret', async () => {
    const send = vi.fn(async (_url: URL | string, _init?: RequestInit) => Response.json({ signUrl: 'https://esign.example/s/xyz', clientId: 'client-9' }));
    const provider = gatewayContractSigning(gateway, send as unknown as typeof fetch);
    expect(await provider.signUrl(request)).toEqual({ signUrl: 'https://esign.example/s/xyz', clientId: 'client-9' });
    const [url, init] = send.mock.calls[0]!;
    expect(String(url)).toBe('https://esign.example/api/contract-signatures');
    expect((init!.headers as Record<string, string>).authorization).toBe('Bearer key-1');
    expect(JSON.parse(String(init!.body))).toEqual({
      reference: 'contract-7-3',
      contractId: 7,
      customerId: 3,
      signer: { name: 'Sam Sender' },
      documentUrl: 'https://bank.example/contracts/pdf/abc',
      callbackUrl: 'https://bank.example/esign/callback',
    });
    const body = JSON.stringify({ contractId: 7, customerId: 3, event: 'signed' });
    expect(provider.verifyCallback(body, esignMac(body, 'hook-secret'))).toBe(true);
    expect(provider.verifyCallback(body, esignMac(body, 'sandbox-esign-secret'))).toBe(false);
  });

  it('a real provider that refuses or answers without a page is an error, not a link', async () => {
    const refusing = gatewayContractSigning(gateway, (async () => new Response('no', { status: 401 })) as unknown as typeof fetch);
    await expect(refusing.signUrl(request)).rejects.toThrow(/answered 401/);
    const empty = gatewayContractSigning(gateway, (async () => Response.json({})) as unknown as typeof fetch);
    await expect(empty.signUrl(request)).rejects.toThrow(/without a sign URL/);
  });
});
