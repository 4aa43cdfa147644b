import type { Principal } from './accounts/auth.service.js';
import type { KeyPrincipal } from './api-keys/api-keys.service.js';

// What authentication middleware leaves for handlers; typed once here instead of cast at each use.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      principal?: Principal;
      keyPrincipal?: KeyPrincipal;
    }
  }
}

export {};
