// The credentials of this browser tab: sessionStorage only (gone when the tab closes, never shared with other tabs,
// never in a cookie or localStorage).
export interface Credentials {
  appId: string;
  appKey: string;
}

const KEY = 'ratebook.console.credentials';

export function loadCredentials(): Credentials | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Credentials | null;
    return value && typeof value.appId === 'string' && typeof value.appKey === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function saveCredentials(c: Credentials): void {
  sessionStorage.setItem(KEY, JSON.stringify({ appId: c.appId, appKey: c.appKey }));
}

export function clearCredentials(): void {
  sessionStorage.removeItem(KEY);
}
