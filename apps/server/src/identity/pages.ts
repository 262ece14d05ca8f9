/** Server-rendered pages of the identity provider: sign-in, change password, sign-out, errors. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

interface LayoutOptions {
  brand: string;
  title: string;
  body: string;
  scripts?: string[];
}

function layout({ brand, title, body, scripts = [] }: LayoutOptions): string {
  const b = escapeHtml(brand);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${b}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/auth/assets/identity.css">
${scripts.map((s) => `<script src="${escapeHtml(s)}" defer></script>`).join('\n')}
</head>
<body>
<main class="card" aria-labelledby="page-title">
<div class="brand" aria-hidden="true"><span class="mark"></span>${b}</div>
${body}
</main>
<footer class="foot">${b} fleet portal</footer>
</body>
</html>`;
}

function alert(kind: 'error' | 'notice' | 'success', text: string | undefined): string {
  if (!text) return '';
  const role = kind === 'error' ? 'alert' : 'status';
  return `<p class="alert ${kind}" role="${role}">${escapeHtml(text)}</p>`;
}

export interface LoginPageOptions {
  brand: string;
  action: string;
  email?: string;
  error?: string;
  changePasswordUrl: string;
}

export function loginPage(o: LoginPageOptions): string {
  return layout({
    brand: o.brand,
    title: 'Sign in',
    body: `<h1 id="page-title">Sign in</h1>
<p class="lead">Use your ${escapeHtml(o.brand)} account to manage your terminals and subscriptions.</p>
${alert('error', o.error)}
<form method="post" action="${escapeHtml(o.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(o.email ?? '')}"${o.error ? ' aria-describedby="form-error"' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p class="small"><a href="${escapeHtml(o.changePasswordUrl)}">Change your password</a></p>`,
  });
}

export interface ChangePasswordPageOptions {
  brand: string;
  action: string;
  email?: string;
  error?: string;
  success?: string;
  returnUrl: string;
  minLength: number;
}

export function changePasswordPage(o: ChangePasswordPageOptions): string {
  const form = o.success
    ? ''
    : `<form method="post" action="${escapeHtml(o.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(o.email ?? '')}">
<label for="currentPassword">Current password</label>
<input id="currentPassword" name="currentPassword" type="password" autocomplete="current-password" required>
<label for="newPassword">New password</label>
<input id="newPassword" name="newPassword" type="password" autocomplete="new-password" required minlength="${o.minLength}" aria-describedby="password-hint">
<p class="hint" id="password-hint">At least ${o.minLength} characters.</p>
<label for="confirmPassword">Confirm new password</label>
<input id="confirmPassword" name="confirmPassword" type="password" autocomplete="new-password" required>
<button type="submit">Change password</button>
</form>`;
  return layout({
    brand: o.brand,
    title: 'Change password',
    body: `<h1 id="page-title">Change password</h1>
${alert('error', o.error)}${alert('success', o.success)}
${form}
<p class="small"><a href="${escapeHtml(o.returnUrl)}">Back to the portal</a></p>`,
  });
}

/** Sign-out confirmation form of the identity provider, submitted automatically by a script. */
export function logoutPage(brand: string, form: string): string {
  return layout({
    brand,
    title: 'Signing out',
    scripts: ['/auth/assets/logout.js'],
    body: `<h1 id="page-title">Signing out…</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
  });
}

export function errorPage(
  brand: string,
  title: string,
  message: string,
  returnUrl: string,
): string {
  return layout({
    brand,
    title,
    body: `<h1 id="page-title">${escapeHtml(title)}</h1>
${alert('error', message)}
<p class="small"><a href="${escapeHtml(returnUrl)}">Back to the portal</a></p>`,
  });
}

export const identityCss = `
:root { color-scheme: light; --brand:#0b5f86; --brand-dark:#084a69; --ink:#14212b; --muted:#4a5a66; --bg:#eef4f8; }
* { box-sizing: border-box; }
body { margin:0; min-height:100vh; display:flex; flex-direction:column; align-items:center; justify-content:center;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color:var(--ink);
  background: radial-gradient(circle at 20% 10%, #d9ecf7 0, transparent 45%), linear-gradient(160deg, #f4f8fb, var(--bg)); }
.card { width:min(420px, calc(100vw - 32px)); background:#fff; border-radius:14px; padding:32px 32px 24px;
  box-shadow: 0 10px 30px rgba(11,95,134,.14), 0 1px 3px rgba(0,0,0,.08); }
.brand { display:flex; align-items:center; gap:10px; font-weight:700; font-size:1.25rem; letter-spacing:.02em; color:var(--brand-dark); margin-bottom:20px; }
.mark { width:28px; height:28px; border-radius:8px; background: linear-gradient(135deg, #0b5f86, #14a3a8); display:inline-block; }
h1 { font-size:1.5rem; margin:0 0 6px; }
.lead { color:var(--muted); margin:0 0 18px; line-height:1.45; }
label { display:block; font-weight:600; margin:14px 0 6px; font-size:.95rem; }
input { width:100%; padding:11px 12px; border:1px solid #8a9aa6; border-radius:8px; font-size:1rem; color:var(--ink); }
input:focus-visible { outline:3px solid #f0b429; outline-offset:1px; border-color:var(--brand); }
button { margin-top:22px; width:100%; padding:12px; border:0; border-radius:8px; background:var(--brand); color:#fff; font-size:1rem; font-weight:600; cursor:pointer; }
button:hover { background:var(--brand-dark); }
button:focus-visible { outline:3px solid #f0b429; outline-offset:2px; }
.alert { padding:10px 12px; border-radius:8px; margin:12px 0; line-height:1.4; }
.alert.error { background:#fdecec; color:#8a1c1c; border:1px solid #f3b4b4; }
.alert.success { background:#e8f6ee; color:#17603a; border:1px solid #a9dcbf; }
.alert.notice { background:#eef4fb; color:#1d4b78; border:1px solid #b8cfe8; }
.hint { color:var(--muted); font-size:.85rem; margin:6px 0 0; }
.small { font-size:.9rem; margin-top:18px; text-align:center; }
a { color:#0a577b; }
a:focus-visible { outline:3px solid #f0b429; outline-offset:2px; }
.foot { margin-top:18px; color:var(--muted); font-size:.85rem; }
`;

/** Submits the identity provider's sign-out form as soon as the page loads. */
export const logoutScript = `document.addEventListener('DOMContentLoaded', function () {
  var form = document.getElementById('op.logoutForm');
  if (!form) return;
  var yes = document.createElement('input');
  yes.type = 'hidden'; yes.name = 'logout'; yes.value = 'yes';
  form.appendChild(yes);
  form.submit();
});`;
