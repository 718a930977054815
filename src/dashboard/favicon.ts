/** The page's icon: a joystick on a cabinet-amber disc, as SVG (no binary asset to ship). */
export const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <circle cx="32" cy="32" r="30" fill="#f5a623"/>
  <rect x="14" y="40" width="36" height="10" rx="3" fill="#101418"/>
  <rect x="29.5" y="20" width="5" height="22" fill="#101418"/>
  <circle cx="32" cy="18" r="8" fill="#f85149" stroke="#101418" stroke-width="3"/>
</svg>
`
