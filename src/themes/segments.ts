/** A system id or rom stem usable as one path segment: nothing written lands outside its folder. */
export function isSegment (name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[/\\\0]/.test(name)
}
