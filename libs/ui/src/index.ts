export { Button, LinkButton, type ButtonProps, type ButtonVariant, type LinkButtonProps } from './components/button.js';
export {
  TextField,
  TextAreaField,
  SelectField,
  FieldErrorText,
  errorMessages,
  type FieldError,
  type TextFieldProps,
  type TextAreaFieldProps,
  type SelectFieldProps,
  type SelectOption,
} from './components/field.js';
export { RadioGroup, CheckboxGroup, type RadioGroupProps, type RadioOption } from './components/radio-group.js';
export {
  Pagination,
  pageCount,
  pageItems,
  clampPage,
  visiblePages,
  type PageLink,
  type PaginationProps,
} from './components/pagination.js';
export { TopicFilter, type TopicFilterProps } from './components/topic-filter.js';
export { Card, type CardProps } from './components/card.js';
export { StarRating, FIXED_RATING } from './components/star-rating.js';
export { Panel, type PanelProps, type PanelTone } from './components/panel.js';
export { useRulesForm } from './forms/use-rules-form.js';
export { useEnterShowsAllErrors } from './forms/use-enter-shows-all-errors.js';
export { textRules, fieldMessages } from './forms/rules.js';
export {
  ContentBlocks,
  CodeView,
  parseDetail,
  type ContentBlock,
  type ContentBlocksProps,
  type CodeSnippet,
  type DetailPart,
} from './components/content-blocks.js';
export { RunnableCode } from './runnable/runnable-code.js';
export { LazySqlEditor, LazyJsonEditor, LazyMongoEditor } from './runnable/lazy-sql-editor.js';
export { CodeField, type CodeFieldProps } from './runnable/code-field.js';
export type { SqlEditorProps } from './runnable/sql-editor.js';
export { SqlResultView, type SqlResultViewProps } from './runnable/sql-result-view.js';
export { MongoResultView, DocumentList } from './runnable/mongo-result-view.js';
export { SandboxSchema } from './runnable/sandbox-schema.js';
export { EngineSwitch, ENGINE_LABELS, type EngineSwitchProps, POSTGRES_ONLY_REASON } from './runnable/engine-switch.js';
export { useLabEngine, labEngineApi, LAB_ENGINE_STORAGE_KEY } from './runnable/lab-engine.js';
export { useGetSandboxQuery, sandboxApi } from './runnable/get-sandbox.js';
export { documentCountLabel, formatDocument, type MongoRunResult } from './runnable/mongo-result.js';
export { formatCell, rowCountLabel, type SqlRunResult } from './runnable/sql-result.js';
export { useFailedLine } from './runnable/use-failed-line.js';
export { DeleteButton, type DeleteButtonProps } from './components/delete-button.js';
export { toastRefusal } from './feedback/toast-refusal.js';
export {
  readPage,
  readTotalCount,
  toListPage,
  usePagedList,
  type PagedList,
  type PagedListArgs,
  type ResponseMeta,
} from './lists/paged-list.js';
