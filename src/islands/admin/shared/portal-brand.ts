/**
 * The brand values the portal writes with (a reply's subject), handed in by admin.astro from src/config/site.ts:
 * the island imports no server settings. Without them (island tests) the words stay generic.
 */
import { createContext, useContext } from 'react';

export interface PortalBrand {
  /** site.agencyName, e.g. in "Re: your message to Bolesta". */
  agencyName: string;
  /** site.auditName, e.g. in "Re: your Lift Audit request". */
  auditName: string;
}

export const PortalBrandContext = createContext<PortalBrand>({ agencyName: '', auditName: '' });

export const usePortalBrand = (): PortalBrand => useContext(PortalBrandContext);
