import { FEED_LIMITS, type BrowserMeta } from '@aerie/contract';

/** What the feedback form sends about the browser (spec 000 §3, "Feedback"). */
export function collectBrowserMeta(win: Window = window): BrowserMeta {
  return {
    screenResolution: `${win.screen.width}x${win.screen.height}`.slice(0, 50),
    windowResolution: `${win.innerWidth}x${win.innerHeight}`.slice(0, 50),
    userAgent: win.navigator.userAgent.slice(0, FEED_LIMITS.userAgent),
    url: win.location.href.slice(0, FEED_LIMITS.url),
  };
}
