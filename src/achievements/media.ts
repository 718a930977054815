/**
 * Achievement images on disk: `<data-dir>/achievements/media/<category>/<file>.png`. The proxy
 * fills it with what the upstream served; in local mode the owner puts the badges of their sets
 * there. Names are checked before any path is built, so no request reaches outside the folder.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../core/storage/atomic-file.js'
import { pathExists } from '../core/storage/path-exists.js'

/** Our category names and the platform's image folders RetroArch asks for. */
export const mediaFolders = { badge: 'Badge', images: 'Images', userpic: 'UserPic' } as const
export type MediaCategory = keyof typeof mediaFolders
export const mediaCategories = Object.keys(mediaFolders) as MediaCategory[]

/** Badge and image names as the platform forms them (`00001.png`, `00001_lock.png`, `000123.png`). */
export const mediaFilePattern = '^[A-Za-z0-9_-]{1,64}\\.png$'
const fileName = new RegExp(mediaFilePattern)

export interface MediaRef {
  readonly category: MediaCategory
  readonly file: string
}

/** Where a consumer reads an image from this service. */
export const mediaUrl = (category: MediaCategory, file: string): string => `/api/achievements/media/${category}/${file}`
export const badgeUrl = (badgeName: string, locked = false): string => mediaUrl('badge', `${badgeName}${locked ? '_lock' : ''}.png`)

/** The path RetroArch (and the platform) use for an image. */
export const platformPath = (ref: MediaRef): string => `/${mediaFolders[ref.category]}/${ref.file}`

export class MediaCache {
  constructor (readonly root: string) {}

  #pathOf (ref: MediaRef): string {
    if (!fileName.test(ref.file) || !(ref.category in mediaFolders)) throw new Error(`not an achievements image name: ${ref.category}/${ref.file}`)
    return path.join(this.root, ref.category, ref.file)
  }

  async has (ref: MediaRef): Promise<boolean> {
    return pathExists(this.#pathOf(ref))
  }

  async read (ref: MediaRef): Promise<Buffer | null> {
    try {
      return await readFile(this.#pathOf(ref))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  /** Written beside and renamed, so a reader never sees half an image. */
  async write (ref: MediaRef, bytes: Buffer): Promise<void> {
    await writeFileAtomic(this.#pathOf(ref), bytes)
  }
}
