/** Badges for the demo sets, drawn at run time so no binary art lives in git: a ringed disc, greyed when locked. */
import { PNG } from 'pngjs'

type Rgb = readonly [number, number, number]

const size = 64

/** The grey RetroArch shows a locked badge in. */
const grey = ([r, g, b]: Rgb): Rgb => {
  const y = Math.round(0.3 * r + 0.59 * g + 0.11 * b)
  return [y, y, y]
}

export function badgePng (colour: Rgb, locked: boolean): Buffer {
  const png = new PNG({ width: size, height: size })
  const [r, g, b] = locked ? grey(colour) : colour
  const centre = (size - 1) / 2
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x - centre, y - centre)
      const i = (y * size + x) * 4
      // A light ring around a darker disc; the corners stay transparent.
      const shade = distance > 30 ? 0 : distance > 25 ? 1 : 0.65
      png.data[i] = Math.round(r * shade)
      png.data[i + 1] = Math.round(g * shade)
      png.data[i + 2] = Math.round(b * shade)
      png.data[i + 3] = distance > 30 ? 0 : 255
    }
  }
  return PNG.sync.write(png)
}
