const REMEMBERED_PATH = 'session.rememberedPath';

/**
 * Remembers where a signed-out visitor wanted to go, so sign-in can take them there (document 000
 * section 2, "Guard on the main area, not logged in"). Only paths inside the application are kept:
 * `//host` would leave it.
 *
 * @example
 * rememberPath('/history?keyword=rent', sessionStorage);
 */
export function rememberPath(path: string, storage: Storage): void {
  if (path.startsWith('/') && !path.startsWith('//')) storage.setItem(REMEMBERED_PATH, path);
}

/**
 * The remembered path, forgotten as it is read: it is used for one sign-in only.
 *
 * @example
 * takeRememberedPath(sessionStorage); // '/history?keyword=rent', then null
 */
export function takeRememberedPath(storage: Storage): string | null {
  const path = storage.getItem(REMEMBERED_PATH);
  storage.removeItem(REMEMBERED_PATH);
  return path;
}
