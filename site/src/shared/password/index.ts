export { NewPasswordField } from './NewPasswordField.tsx';
export { SetPasswordForm } from './SetPasswordForm.tsx';
export {
  MIN_PASSWORD_LENGTH,
  passwordStrength,
  type Strength,
  type StrengthLevel,
} from './password-strength.ts';
