import type { Locale } from '@attar/contract';

/** What the accounts calls say to people, in both languages. */
export const messages = {
  en: {
    emailTaken: 'An account with this e-mail already exists.',
    phoneTaken: 'An account with this phone number already exists.',
    passwordLikeIdentity: 'Your password must not be your e-mail or phone number.',
    invalidCredentials: 'Unable to log in with the provided credentials.',
    loginLocked: 'Too many failed attempts. Wait a little before trying again.',
    noPhone: 'Add a phone number to your profile first.',
    alreadyVerified: 'This is already verified.',
    codeInvalid: 'That code is not right.',
    codeSent: 'We sent you a new code.',
    phoneVerified: 'Your phone number is verified.',
    emailVerified: 'Your e-mail is verified.',
    resetSent: 'If an account exists for that e-mail, we have sent it a code.',
    resetCodeValid: 'The code is valid.',
    passwordReset: 'Your password has been changed. Log in with the new one.',
    tokenValid: 'Token is valid',
    tokenNotValid: 'Token is invalid or expired',
    notAuthenticated: 'Log in to continue.',
    providerNotConfigured: 'This sign-in method is not available.',
    socialInvalid: 'The sign-in could not be verified. Try again.',
    socialEmailMissing: 'Your account there has no verified e-mail address to sign in with.',
    socialAccountUnverified:
      'An account with this e-mail already exists. Log in with its password, or reset the password from the e-mail, then sign in this way.',
    phoneCodeSms: (code: string) => `${code} is your Attar verification code. It expires in 10 minutes.`,
    emailCodeSubject: 'Your Attar verification code',
    emailCodeBody: (name: string, code: string) =>
      `Hello ${name},\n\nYour verification code is ${code}. It expires in 10 minutes.\n\nAttar`,
    resetSubject: 'Reset your Attar password',
    resetBody: (name: string, code: string) =>
      `Hello ${name},\n\nUse the code ${code} to choose a new password. It expires in 10 minutes.\nIf you did not ask for this, ignore this e-mail.\n\nAttar`,
  },
  ar: {
    emailTaken: 'يوجد حساب بهذا البريد الإلكتروني بالفعل.',
    phoneTaken: 'يوجد حساب بهذا الرقم بالفعل.',
    passwordLikeIdentity: 'يجب ألا تكون كلمة المرور هي بريدك الإلكتروني أو رقم هاتفك.',
    invalidCredentials: 'تعذّر تسجيل الدخول بالبيانات المدخلة.',
    loginLocked: 'محاولات فاشلة كثيرة. انتظر قليلًا ثم حاول مرة أخرى.',
    noPhone: 'أضف رقم هاتف إلى ملفك الشخصي أولًا.',
    alreadyVerified: 'تم التحقق من ذلك بالفعل.',
    codeInvalid: 'الرمز غير صحيح.',
    codeSent: 'أرسلنا إليك رمزًا جديدًا.',
    phoneVerified: 'تم التحقق من رقم هاتفك.',
    emailVerified: 'تم التحقق من بريدك الإلكتروني.',
    resetSent: 'إذا كان هناك حساب بهذا البريد الإلكتروني فقد أرسلنا إليه رمزًا.',
    resetCodeValid: 'الرمز صحيح.',
    passwordReset: 'تم تغيير كلمة المرور. سجّل الدخول بكلمة المرور الجديدة.',
    // The storefront's start-up reads this detail to the letter (spec §4), so it stays the same in Arabic.
    tokenValid: 'Token is valid',
    tokenNotValid: 'رمز الدخول غير صالح أو منتهي الصلاحية',
    notAuthenticated: 'سجّل الدخول للمتابعة.',
    providerNotConfigured: 'طريقة الدخول هذه غير متاحة.',
    socialInvalid: 'تعذّر التحقق من تسجيل الدخول. حاول مرة أخرى.',
    socialEmailMissing: 'لا يحتوي حسابك هناك على بريد إلكتروني موثّق لتسجيل الدخول به.',
    socialAccountUnverified:
      'يوجد حساب بهذا البريد الإلكتروني بالفعل. سجّل الدخول بكلمة مروره، أو أعد تعيين كلمة المرور من البريد الإلكتروني، ثم سجّل الدخول بهذه الطريقة.',
    phoneCodeSms: (code: string) => `رمز التحقق الخاص بك في عطّار هو ${code}، وتنتهي صلاحيته خلال ١٠ دقائق.`,
    emailCodeSubject: 'رمز التحقق من عطّار',
    emailCodeBody: (name: string, code: string) =>
      `مرحبًا ${name}،\n\nرمز التحقق الخاص بك هو ${code}، وتنتهي صلاحيته خلال ١٠ دقائق.\n\nعطّار`,
    resetSubject: 'إعادة تعيين كلمة المرور في عطّار',
    resetBody: (name: string, code: string) =>
      `مرحبًا ${name}،\n\nاستخدم الرمز ${code} لاختيار كلمة مرور جديدة، وتنتهي صلاحيته خلال ١٠ دقائق.\nإذا لم تطلب ذلك فتجاهل هذه الرسالة.\n\nعطّار`,
  },
} satisfies Record<Locale, Record<string, unknown>>;
