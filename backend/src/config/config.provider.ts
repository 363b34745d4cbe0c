export const APP_CONFIG = Symbol('AppConfig');
