/**
 * What the mass-payment integration tests share: the shape of a batch call's answer, and a CSV file as the
 * data URL the upload calls take.
 */

/** A batch call's answer: upload (summary, row errors, batch id), status, payments, files and refusals. */
export interface BatchAnswer {
  responseCode: string;
  responseDescription?: string;
  summary?: Record<string, unknown>;
  errors?: Array<{ row: number; field: string; message: string }>;
  batchId?: number;
  status?: string;
  date?: string;
  processed?: number;
  failed?: number;
  count?: number;
  payments?: Array<Record<string, unknown>>;
  total?: number;
  fileName?: string;
  content?: string;
  state?: string;
  timeline?: Array<{ state: string }>;
  validationErrors?: Array<{ field: string; description: string }>;
}

/** A CSV text as the data URL (with its file name) an upload call takes. */
export const csvDataUrl = (text: string, name = 'batch.csv'): string => `data:text/csv;name=${name};base64,${Buffer.from(text, 'utf8').toString('base64')}`;
