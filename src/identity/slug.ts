/**
 * Game slugs: the folder a game's media lives in (`media/systems/<mediaSystem>/games/<slug>/`),
 * computed from the rom stem (else the game's name); the media store's alias tables cover the
 * exceptions (see media/identity.ts).
 */

/** `Sonic The Hedgehog (USA, Europe)` -> `sonic_the_hedgehog`: tags in brackets and `&` dropped, letters and digits of any script kept. */
export function slugOf (text: string): string {
  return text
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/&/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_')
}
