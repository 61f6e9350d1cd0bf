export { readSession, loadStoredToken, storeToken, forgetToken, type Session } from './session/token.js';
export {
  sessionSlice,
  sessionState,
  signedIn,
  signedOut,
  selectToken,
  selectUser,
  selectIsSignedIn,
  selectIsAdmin,
  type SessionState,
} from './session/session-slice.js';
export {
  baseApi,
  gatewayBaseQuery,
  notifyUnexpectedError,
  API_BASE_URL,
  API_TAGS,
  UNEXPECTED_ERROR_MESSAGE,
  type GatewayCallOptions,
} from './api/base-api.js';
export { meApi, useGetMeQuery } from './api/me-api.js';
export { reviewApi, useAddToReviewMutation, useGetReviewDeckQuery, useGradeReviewMutation, type ReviewGradeRequest } from './api/review-api.js';
export { apiErrorMessage, errorStatus, isClientError, isFetchBaseQueryError } from './api/api-errors.js';
export { rootReducer, type RootState, type LazyLoadedSlices } from './store/root-reducer.js';
export { createAppStore, type AppStore, type AppDispatch, type AppStoreOptions } from './store/create-store.js';
export { useAppDispatch, useAppSelector, useAppStore, useSession } from './store/hooks.js';
export { toast, subscribeToToastRequests, toastsRequested, type ToastKind, type ToastOptions } from './toasts/toasts.js';
