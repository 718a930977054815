/** The live page's stylesheet: owner's cards first, a grid that still fits a 1280x390 marquee window. */
export const pageStyle = `
  :root { color-scheme: dark; --bg: #101418; --panel: #1a2027; --text: #e6e9ec; --dim: #8b949e; --accent: #f5a623; --ok: #3fb950; --bad: #f85149; --warn: #d29922; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.45 system-ui, sans-serif; background: var(--bg); color: var(--text); }
  header { display: flex; gap: 1rem 1.5rem; align-items: center; padding: .5rem 1.2rem; background: var(--panel); border-bottom: 2px solid var(--accent); flex-wrap: wrap; }
  header h1 { margin: 0; font-size: 1.2rem; color: var(--accent); display: flex; align-items: center; gap: .5rem; }
  header h1 img { width: 1.4rem; height: 1.4rem; }
  header a { color: var(--text); }
  header nav { margin-left: auto; color: var(--dim); font-size: .85rem; }
  .pill { padding: .1rem .6rem; border-radius: 999px; background: #2a313a; }
  .pill.ok { background: #17351f; } .pill.bad { background: #3d1a1a; }
  #frontend-banner { margin: .6rem 1.2rem 0; padding: .6rem 1rem; border-radius: 6px; background: #3d2e0a; border: 1px solid var(--warn); }
  main { display: grid; grid-template-columns: repeat(auto-fit, minmax(380px, 1fr)); gap: .8rem; padding: .8rem 1.2rem; }
  section, details { background: var(--panel); border-radius: 8px; padding: .7rem 1rem; }
  .wide { grid-column: 1 / -1; }
  @media (min-width: 900px) { #control-panel { grid-column: span 2; } }
  h2 { margin: 0 0 .5rem; font-size: .85rem; color: var(--dim); text-transform: uppercase; letter-spacing: .05em; }
  h3 { margin: 0; font-size: 1.5rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .4rem 0 0; }
  dt { color: var(--dim); }
  dd { margin: 0; word-break: break-word; }
  table { width: 100%; border-collapse: collapse; }
  td, th { text-align: left; padding: .25rem .4rem; border-bottom: 1px solid #2a313a; vertical-align: top; }
  th { color: var(--dim); font-weight: normal; }
  code { font: 12px ui-monospace, monospace; color: var(--dim); }
  .dim { color: var(--dim); }
  .ok { color: var(--ok); } .bad { color: var(--bad); }
  #now { display: grid; grid-template-columns: minmax(160px, 260px) 1fr minmax(0, 2.2fr); gap: 1rem; align-items: start; }
  #game-art { width: 100%; max-height: 13rem; object-fit: contain; background: #000; border-radius: 6px; }
  #game-art:not([src]) { visibility: hidden; }
  #surfaces { display: grid; grid-template-columns: 2fr 1fr 1fr; gap: .6rem; }
  figure { margin: 0; background: #000; border-radius: 6px; padding: .4rem; min-height: 6rem; display: flex; flex-direction: column; gap: .3rem; }
  figure img { max-width: 100%; max-height: 9rem; object-fit: contain; align-self: center; }
  figure img:not([src]) { display: none; }
  figcaption { color: var(--dim); font-size: .8rem; }
  figure p { margin: 0; font-size: .8rem; }
  #panel-view { position: relative; display: inline-block; max-width: 100%; overflow: auto; }
  #panel-art { display: block; }
  .light { position: absolute; border-radius: 50%; border: 3px solid transparent; pointer-events: none; }
  .light.lit { border-color: #fff; background: rgba(255, 255, 255, .45); box-shadow: 0 0 18px 6px #fff; }
  #score-players { display: flex; gap: 1.5rem; flex-wrap: wrap; }
  .score { font: 700 2rem/1.1 ui-monospace, monospace; color: var(--accent); }
  summary { cursor: pointer; color: var(--dim); text-transform: uppercase; letter-spacing: .05em; font-size: .85rem; }
  details[open] summary { margin-bottom: .5rem; }
  #developer-body { display: grid; grid-template-columns: minmax(280px, 1fr) minmax(320px, 2fr); gap: 1rem; }
  #log { font: 12px/1.4 ui-monospace, monospace; max-height: 22rem; overflow: auto; }
  #log div { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  @media (max-height: 500px) {
    header { padding: .3rem 1rem; }
    main { padding: .5rem 1rem; gap: .5rem; }
    #game-art { max-height: 8rem; }
    figure img { max-height: 5.5rem; }
    h3 { font-size: 1.25rem; }
  }
`
