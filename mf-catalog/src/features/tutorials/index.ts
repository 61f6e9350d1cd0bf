// What other features use of tutorials; everything under api/, components/ and routes/ is its own.
export { useDeleteTutorialMutation } from './api/delete-tutorial.js';
