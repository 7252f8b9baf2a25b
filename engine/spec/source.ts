/**
 * The file a screen spec came from, for error messages that tell an analyst where to look: the spec's
 * own `source` when codegen recorded one, else `screens/<id>.yaml`.
 *
 * @example
 * specSource({ id: 'orders' }); // 'screens/orders.yaml'
 */
export function specSource(spec: { id: string; source?: string | undefined }): string {
  return spec.source ?? `screens/${spec.id}.yaml`;
}
