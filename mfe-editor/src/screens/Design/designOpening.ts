// What a visitor's /design opens with (signed out, drafts on this device): the template chosen on
// /templates (navigation state) continues the newest draft of it, or starts one from its sample with
// the details typed into the popup; else the draft edited last (a reload or a direct link); else
// template 1's sample.
import { applyDetails, newId, type Portfolio } from '@folioforge/templates';
import { parseDesignNavigationState, type DetailsValues } from '@folioforge/shared';
import { lastDesignDraft, newestDeviceDraft } from '../../drafts/deviceDrafts';
import { startingPortfolio, toTemplateId, type PortfolioTemplateId } from '../../templates/templateCatalog';

export type OpeningSource = 'navigation' | 'continued' | 'draft' | 'default';

export interface DeviceOpening {
  draftId: string;
  templateId: PortfolioTemplateId;
  portfolio: Portfolio;
  source: OpeningSource;
}

/** `location.state.selectedTemplate`, if there is one. */
export const selectedTemplateOf = parseDesignNavigationState;

/** Asked to start a new portfolio even when there is one to continue ("Start a new one"). */
export const startsNew = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { startNew?: unknown }).startNew === true;

const hasDetails = (details: Partial<DetailsValues>) => Object.values(details).some((value) => value?.trim());

export function openDeviceDesign(locationState: unknown): DeviceOpening {
  const selected = selectedTemplateOf(locationState);
  if (selected) {
    // As in the spec's app, an id that is not one of the templates opens template 1.
    const templateId = String(toTemplateId(selected.id) ?? 1) as PortfolioTemplateId;
    const existing = newestDeviceDraft((id) => id === templateId);
    if (existing && !hasDetails(selected.details) && !startsNew(locationState))
      return { draftId: existing.id, templateId, portfolio: existing.portfolio, source: 'continued' };
    return {
      draftId: `design-${newId()}`,
      templateId,
      portfolio: applyDetails(startingPortfolio(templateId), selected.details),
      source: 'navigation',
    };
  }
  const last = lastDesignDraft();
  if (last) return { draftId: last.id, templateId: last.templateId, portfolio: last.portfolio, source: 'draft' };
  return { draftId: `design-${newId()}`, templateId: '1', portfolio: startingPortfolio('1'), source: 'default' };
}
