// The portfolio model, its checks and its upgrades: what every template, the editor and the publish
// function share.
export { FIELD_MAX_LENGTH, isFileKind, maxLengthOf, type FieldKind, type FieldSpec } from './fields';
export {
  PROFILE_FIELDS,
  SECTION_KINDS,
  SECTION_KIND_NAMES,
  isSectionKind,
  kindSpec,
  type ItemKey,
  type ProfileKey,
  type SectionKind,
  type SectionKindSpec,
} from './kinds';
export {
  SCHEMA_VERSION,
  fieldText,
  visibleSections,
  type AnyItem,
  type ItemOf,
  type Portfolio,
  type Profile,
  type Section,
  type SectionOf,
  type SocialLink,
} from './portfolio';
export { ID_PATTERN, newId } from './ids';
export { PAGE_LANGUAGES, PAGE_LIMITS, isPageLanguage, pageMeta, pageSettingsSchema, type PageSettings } from './pageSettings';
export {
  SAMPLE_NAMES,
  STORAGE_BUCKETS,
  fileSlotsOf,
  fileValuesOf,
  isDeviceRef,
  isFileValue,
  isStorageRef,
  replaceFileValue,
  sampleRef,
  type FileSlot,
  type SampleName,
} from './files';
export {
  RESUME_LAYOUTS,
  RESUME_LIMITS,
  RESUME_PAPERS,
  RESUME_SECTION_KINDS,
  resumeSettingsOf,
  resumeSettingsSchema,
  type ResumeLayout,
  type ResumePaper,
  type ResumeSettings,
} from './resumeSettings';
export { LIMITS, checkPortfolio, preparePortfolioCheck, problemsOf, type PortfolioCheck } from './schema';
export { isLegacyData, splitSkills, toModelData, upgradeLegacy, type LegacyValues } from './legacy';
export { coercePortfolio } from './coerce';
export { applyDetails, starterPortfolio, withNewIds, type Account } from './starter';
export {
  REPLACE_PREFIX,
  SAMPLE_LIMITS,
  isSampleField,
  markedAsSample,
  sampleFieldsOf,
  textFieldsOf,
  withoutSampleMark,
  type FieldPath,
  type TextField,
} from './sample';
export { importJsonResume, MAX_IMPORT_BYTES, type ImportResult } from './importJsonResume';
