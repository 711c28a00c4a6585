/**
 * Reading pages (the marketing pages) and the signed-in screens are painted before the app's
 * JavaScript is fetched: their HTML lists the modules instead of preloading them, and a small
 * inline loader preloads them and starts the app once the browser reports the first contentful
 * paint. On a slow connection the stylesheets and the text get the bandwidth first (the
 * dashboard's JavaScript no longer competes with them), and the app starts as soon as they are
 * shown; a form sent before then is held and sent once it has (lib/early-submit.ts). The sign-in
 * page keeps the usual order (the app is preloaded and hydrates as soon as it can).
 */

/** How long the loader waits for a first contentful paint that the browser does not report. */
export const FIRST_PAINT_WAIT_MS = 1000

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page is for reading: painted before the app's JavaScript is fetched. */
    paintFirst?: boolean
  }
}

/**
 * The loader, as the source of a function of (window, document, entry, modules, waitMs). It
 * waits for the first contentful paint (or `waitMs` for a page with nothing contentful, or the
 * task after the next animation frame where paint timing is not supported; at once in a hidden
 * tab, which paints nothing), then preloads the modules in parallel and adds the entry script.
 */
export const PAINT_FIRST_LOADER = `function(w,d,entry,modules,waitMs){
var started=false;
function start(){if(started)return;started=true;
for(var i=0;i<modules.length;i++){if(modules[i]===entry)continue;var l=d.createElement('link');l.rel='modulepreload';l.href=modules[i];d.head.appendChild(l)}
var s=d.createElement('script');s.type='module';s.src=entry;d.body.appendChild(s)}
if(d.visibilityState==='hidden')return start();
d.addEventListener('visibilitychange',start);
var P=w.PerformanceObserver;
if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){
var o=new P(function(list){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();start()}});
o.observe({type:'paint',buffered:true});w.setTimeout(start,waitMs)}
else w.requestAnimationFrame(function(){w.setTimeout(start,0)})}`.replace(/\n/g, '')

/** JSON that is safe inside a script element: no `<` can close it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** The inline script that starts the app with `entry` after the first paint. */
export function paintFirstScript(entry: string, modules: readonly string[]): string {
  return `(${PAINT_FIRST_LOADER})(window,document,${scriptJson(entry)},${scriptJson(modules)},${FIRST_PAINT_WAIT_MS})`
}
