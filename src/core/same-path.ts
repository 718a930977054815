/** Whether two paths of this machine name one file, as its system compares them (any case, either separator, on Windows). */
import path from 'node:path'

export function samePath (a: string, b: string): boolean {
  const normal = (p: string): string => process.platform === 'win32' ? path.resolve(p).toLowerCase() : path.resolve(p)
  return normal(a) === normal(b)
}
