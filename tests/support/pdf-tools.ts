import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What Debian's PDF tools say about a PDF (scripts/ensure-pdf-tools.sh installs them): `qpdf --check`'s
 * verdict (it exits non-zero on a damaged file, which throws here), the text `pdftotext` extracts in
 * reading order, and `pdfinfo`'s fields (Title, Tagged, Pages...).
 *
 * @example
 * const { text, info } = inspectPdf(bytes);
 * expect(text).toContain('Анна Смирнова');
 */
export function inspectPdf(bytes: Buffer): { check: string; text: string; info: Record<string, string> } {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'pdf-check-'));
  try {
    const file = path.join(folder, 'document.pdf');
    writeFileSync(file, bytes);
    const check = execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' });
    const info = Object.fromEntries(
      execFileSync('pdfinfo', ['-enc', 'UTF-8', file], { encoding: 'utf8' })
        .split('\n')
        .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
        .filter((match): match is RegExpExecArray => match !== null)
        .map((match) => [match[1]!, match[2]!]),
    );
    return { check, text, info };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
