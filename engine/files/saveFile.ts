/**
 * Files the browser saves: a Blob the engine made or fetched, and a method's answer that is a file
 * (`success: { saveFile: true }`).
 */

/** A file as a method answers it: its name, its media type and its bytes in base64. */
export interface AnswerFile {
  fileName: string;
  mediaType: string;
  content: string;
}

/**
 * Whether an answer is a file: an object with `fileName`, `mediaType` and base64 `content` strings.
 *
 * @example
 * ```ts
 * isAnswerFile({ fileName: 'a.pdf', mediaType: 'application/pdf', content: 'JVBERi0=' }); // true
 * isAnswerFile({ ok: true }); // false
 * ```
 */
export function isAnswerFile(answer: unknown): answer is AnswerFile {
  if (typeof answer !== 'object' || answer === null) return false;
  const { fileName, mediaType, content } = answer as Record<string, unknown>;
  return typeof fileName === 'string' && fileName !== '' && typeof mediaType === 'string' && typeof content === 'string';
}

/**
 * The bytes of a file answer as a Blob of its media type.
 *
 * @example
 * ```ts
 * const blob = answerFileBlob({ fileName: 'hi.txt', mediaType: 'text/plain', content: 'aGk=' }); // 2 bytes, "hi"
 * ```
 */
export function answerFileBlob(file: AnswerFile): Blob {
  // The bytes come as base64, bare or as a data URL (`data:application/pdf;base64,...`).
  const bytes = Uint8Array.from(atob(file.content.replace(/^data:[^,]*;base64,/, '')), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type: file.mediaType });
}

/**
 * Hands a Blob to the browser to save under `fileName`.
 *
 * @example
 * ```ts
 * saveBlob('orders.csv', await response.blob());
 * ```
 */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after the click handler has returned.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Hands a method's file answer to the browser to save under its own name. An answer that is not a file
 * is a mistake in the spec (the method does not answer a file), said with the spec's file so it is fixed
 * there.
 *
 * @example
 * ```ts
 * saveAnswerFile(await callMethod('reportDownload', { id: 7 }), 'screens/reports.yaml');
 * ```
 */
export function saveAnswerFile(answer: unknown, source: string): void {
  if (!isAnswerFile(answer)) {
    throw new Error(
      `Screen spec ${source} asks to save the answer as a file (success.saveFile or result.file), but the method answered no { fileName, mediaType, content } object. Call a method whose answer is a file, or drop saveFile.`,
    );
  }
  saveBlob(answer.fileName, answerFileBlob(answer));
}
