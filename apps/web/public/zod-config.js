// zod probes for `new Function` when it first builds an object schema, to compile fast parsers.
// The portal's Content-Security-Policy (script-src 'self') forbids eval, so the probe itself is
// a violation the browser reports. Parse without compiling (the answers are small). A deferred
// classic script runs before the app's module scripts, so this is set before zod loads.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
