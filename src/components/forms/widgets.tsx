import { chakra, HStack, Input, Stack, Text } from '@chakra-ui/react';
import {
  type EnumOptionsType,
  enumOptionsIndexForValue,
  enumOptionsValueForIndex,
  getUiOptions,
  type RegistryWidgetsType,
  type WidgetProps,
} from '@rjsf/utils';
import { type ChangeEvent, type FocusEvent, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { dateOrder } from '#schemas/formats/birthdate.ts';
import { NativeSelect } from '../native-select';
import { controlA11y } from './a11y';
import { CaptchaWidget } from './captcha-widget';
import {
  countryOptions,
  DATE_MASK,
  dateText,
  dateValue,
  maskedText,
  maskedValue,
  maskPattern,
  PHONE_REGIONS,
  phoneValue,
  plainPhoneValue,
  splitPhone,
} from './field-values';
import { useFormText } from './form-context';
import { PasswordMeter, passwordMeterId } from './password-meter';

type Handlers = Pick<WidgetProps, 'id' | 'onBlur' | 'onFocus'>;

/** Blur and focus report the field's id and value to RJSF (blur marks the field as touched). */
function focusHandlers({ id, onBlur, onFocus }: Handlers, value: unknown) {
  return {
    onBlur: (_e: FocusEvent) => onBlur(id, value),
    onFocus: (_e: FocusEvent) => onFocus(id, value),
  };
}

function autoComplete(props: WidgetProps): string | undefined {
  const ui = getUiOptions(props.uiSchema);
  return (ui.autocomplete as string | undefined) ?? undefined;
}

/** A value the page suggests for a free-text field (a `<datalist>` option). */
export interface FieldSuggestion {
  value: string;
  label?: string;
}

/**
 * Suggestions the page gives through `<SchemaForm context={{ suggestions: { field: [...] } }}>`
 * (the profile's states and cities): the field stays free text, so it works without them.
 */
function fieldSuggestions(props: WidgetProps): readonly FieldSuggestion[] {
  const extra = (props.registry.formContext as { extra?: Record<string, unknown> } | undefined)
    ?.extra;
  const all = extra?.suggestions as Record<string, readonly FieldSuggestion[]> | undefined;
  const list = all?.[props.name];
  return Array.isArray(list) ? list : [];
}

/** text, email, url, plain password: an <input> whose value is the string typed. */
function BaseInput(props: WidgetProps & { type?: string }) {
  const { value, disabled, readonly, placeholder, onChange, options } = props;
  const text = useFormText();
  const type = props.type ?? (options.inputType as string | undefined) ?? 'text';
  const suggestions = fieldSuggestions(props);
  const listId = suggestions.length > 0 ? `${props.id}__suggestions` : undefined;
  const input = (
    <Input
      {...controlA11y(props)}
      list={listId}
      name={props.htmlName ?? props.id}
      type={type}
      inputMode={props.inputMode}
      value={value ?? ''}
      required={props.required}
      disabled={disabled}
      readOnly={readonly}
      placeholder={text(placeholder)}
      autoComplete={autoComplete(props)}
      // Only a form shown at the person's request asks for it (ui:autofocus): the coupon's.
      autoFocus={props.autofocus}
      maxLength={typeof props.schema.maxLength === 'number' ? props.schema.maxLength : undefined}
      onChange={(e: ChangeEvent<HTMLInputElement>) =>
        onChange(e.target.value === '' ? options.emptyValue : e.target.value)
      }
      {...focusHandlers(props, value)}
    />
  );
  if (!listId) return input;
  return (
    <>
      {input}
      <datalist id={listId}>
        {suggestions.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </datalist>
    </>
  );
}

/** Plain text; with `ui:options.mask` it is a {@link MaskedWidget}. */
export function TextWidget(props: WidgetProps) {
  const mask = getUiOptions(props.uiSchema).mask;
  if (typeof mask === 'string' && mask) return <MaskedInput {...props} mask={mask} />;
  return <BaseInput {...props} />;
}

export function EmailWidget(props: WidgetProps) {
  return <BaseInput {...props} type="email" inputMode="email" />;
}

/**
 * A password with a show/hide toggle; with `ui:options.meter` it shows the live
 * strength meter and the rules the password still fails.
 */
export function PasswordWidget(props: WidgetProps) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  const meter = getUiOptions(props.uiSchema).meter === true;
  const a11y = controlA11y(props);
  const describedBy =
    [a11y['aria-describedby'], meter ? passwordMeterId(props.id) : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <Stack gap="2" w="full">
      <HStack gap="2" w="full">
        <Input
          {...a11y}
          flex="1"
          aria-describedby={describedBy}
          name={props.htmlName ?? props.id}
          type={visible ? 'text' : 'password'}
          value={value}
          required={props.required}
          disabled={props.disabled}
          readOnly={props.readonly}
          autoComplete={autoComplete(props) ?? (meter ? 'new-password' : 'current-password')}
          onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
          {...focusHandlers(props, props.value)}
        />
        <chakra.button
          type="button"
          aria-pressed={visible}
          aria-controls={props.id}
          onClick={() => setVisible((v) => !v)}
          fontSize="sm"
          color="fg.muted"
          px="2"
          minH="10"
          rounded="l2"
          whiteSpace="nowrap"
          _hover={{ color: 'fg' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
        >
          {intl.formatMessage({ id: visible ? 'formui.password.hide' : 'formui.password.show' })}
        </chakra.button>
      </HStack>
      {meter ? <PasswordMeter id={passwordMeterId(props.id)} password={value} /> : null}
    </Stack>
  );
}

/**
 * An input with a mask (`ui:options.mask`: `cpf`, `cnpj`, `cep`, `voucher`, `bin` or a pattern
 * such as `99.999`). It stores the masked text; the format validators accept it.
 */
function MaskedInput(props: WidgetProps & { mask: string }) {
  const pattern = maskPattern(props.mask);
  const alphanumeric = /A/.test(pattern);
  const shown = maskedText(pattern, props.value);
  return (
    <Input
      {...controlA11y(props)}
      name={props.htmlName ?? props.id}
      type="text"
      inputMode={alphanumeric ? 'text' : 'numeric'}
      autoCapitalize={alphanumeric ? 'characters' : 'off'}
      spellCheck={false}
      value={shown}
      maxLength={pattern.length}
      required={props.required}
      disabled={props.disabled}
      readOnly={props.readonly}
      autoComplete={autoComplete(props) ?? 'off'}
      placeholder={pattern.replace(/[9Aa]/g, '_')}
      onChange={(e) => props.onChange(maskedValue(pattern, e.target.value))}
      {...focusHandlers(props, props.value)}
    />
  );
}

export function MaskedWidget(props: WidgetProps) {
  return <MaskedInput {...props} mask={String(getUiOptions(props.uiSchema).mask ?? '')} />;
}
export const CpfWidget = (props: WidgetProps) => <MaskedInput {...props} mask="cpf" />;
export const CnpjWidget = (props: WidgetProps) => <MaskedInput {...props} mask="cnpj" />;
export const CepWidget = (props: WidgetProps) => <MaskedInput {...props} mask="cep" />;
export const VoucherWidget = (props: WidgetProps) => <MaskedInput {...props} mask="voucher" />;
export const BinWidget = (props: WidgetProps) => <MaskedInput {...props} mask="bin" />;

/**
 * A birth date typed in the page language's order (dd/mm/yyyy, mm/dd/yyyy for en-US) and stored
 * as ISO yyyy-mm-dd; an incomplete or impossible date is stored as typed so the `birthdate`
 * format reports it.
 */
export function DateWidget(props: WidgetProps) {
  const intl = useIntl();
  const order = dateOrder(intl.locale);
  return (
    <Input
      {...controlA11y(props)}
      name={props.htmlName ?? props.id}
      type="text"
      inputMode="numeric"
      value={dateText(props.value, intl.locale)}
      maxLength={DATE_MASK.length}
      required={props.required}
      disabled={props.disabled}
      readOnly={props.readonly}
      autoComplete={autoComplete(props) ?? 'bday'}
      placeholder={intl.formatMessage({
        id: order === 'mdy' ? 'formui.date.placeholderMdy' : 'formui.date.placeholderDmy',
      })}
      onChange={(e) => props.onChange(dateValue(e.target.value, intl.locale))}
      {...focusHandlers(props, props.value)}
    />
  );
}

function regionName(names: Intl.DisplayNames | null, region: string): string {
  try {
    return names?.of(region) ?? region;
  } catch {
    return region;
  }
}

/**
 * A mobile with country code: a select of calling codes and the national number masked by that
 * country's rules; stores `+55 (11) 98765-4321`. With `ui:options.countryCode: false` it is a
 * plain phone input (digits and separators).
 */
export function PhoneWidget(props: WidgetProps) {
  const intl = useIntl();
  const withCode = getUiOptions(props.uiSchema).countryCode !== false;
  const split = splitPhone(props.value);
  const [chosen, setChosen] = useState(split.code);
  const code = props.value ? split.code : chosen;
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([intl.locale], { type: 'region' });
    } catch {
      return null;
    }
  }, [intl.locale]);
  const a11y = controlA11y(props);
  if (!withCode) {
    return (
      <Input
        {...a11y}
        name={props.htmlName ?? props.id}
        type="tel"
        inputMode="tel"
        value={typeof props.value === 'string' ? props.value : ''}
        required={props.required}
        disabled={props.disabled}
        readOnly={props.readonly}
        autoComplete={autoComplete(props) ?? 'tel-national'}
        onChange={(e) => props.onChange(plainPhoneValue(e.target.value))}
        {...focusHandlers(props, props.value)}
      />
    );
  }
  const known = PHONE_REGIONS.some((r) => r.code === code);
  const regions = known ? PHONE_REGIONS : [...PHONE_REGIONS, { code, region: '' }];
  return (
    <HStack gap="2" align="stretch" w="full">
      <NativeSelect.Root flex="0 0 auto" w={{ base: '28', sm: '36' }} disabled={props.disabled}>
        <NativeSelect.Field
          id={`${props.id}__country`}
          aria-label={intl.formatMessage({ id: 'formui.phone.country' })}
          value={code}
          onChange={(e) => {
            setChosen(e.target.value);
            props.onChange(phoneValue(e.target.value, split.national));
          }}
          onBlur={() => props.onBlur(props.id, props.value)}
        >
          {regions.map((r) => (
            <option key={r.code} value={r.code}>
              {r.region ? `+${r.code} · ${regionName(names, r.region)}` : `+${r.code}`}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Input
        {...a11y}
        flex="1"
        name={props.htmlName ?? props.id}
        type="tel"
        inputMode="tel"
        value={split.national}
        required={props.required}
        disabled={props.disabled}
        readOnly={props.readonly}
        autoComplete={autoComplete(props) ?? 'tel-national'}
        onChange={(e) => props.onChange(phoneValue(code, e.target.value))}
        {...focusHandlers(props, props.value)}
      />
    </HStack>
  );
}

export function TextareaWidget(props: WidgetProps) {
  const rows = Number(getUiOptions(props.uiSchema).rows ?? 5);
  return (
    <Input asChild h="auto" py="2" minH="24">
      <textarea
        {...controlA11y(props)}
        name={props.htmlName ?? props.id}
        rows={rows}
        value={props.value ?? ''}
        required={props.required}
        disabled={props.disabled}
        readOnly={props.readonly}
        maxLength={typeof props.schema.maxLength === 'number' ? props.schema.maxLength : undefined}
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
        {...focusHandlers(props, props.value)}
      />
    </Input>
  );
}

/**
 * A single checkbox with its own label (the terms). FieldTemplate draws no label for it; the
 * error text is tied by aria-describedby like every other control.
 */
export function CheckboxWidget(props: WidgetProps) {
  const text = useFormText();
  const checked = props.value === true;
  return (
    <HStack gap="3" align="flex-start">
      <chakra.input
        {...controlA11y(props)}
        type="checkbox"
        name={props.htmlName ?? props.id}
        checked={checked}
        required={props.required}
        disabled={props.disabled || props.readonly}
        onChange={(e) => props.onChange(e.target.checked)}
        {...focusHandlers(props, props.value)}
        boxSize="5"
        mt="0.5"
        flexShrink={0}
        accentColor="colorPalette.solid"
        cursor="pointer"
      />
      <chakra.label htmlFor={props.id} fontSize="sm" cursor="pointer">
        {text(props.label)}
        {props.required ? (
          <Text as="span" color="fg.error" aria-hidden="true" ms="1">
            *
          </Text>
        ) : null}
      </chakra.label>
    </HStack>
  );
}

/**
 * A native select of the schema's enum (option labels may be message ids); with
 * `ui:options.source: "countries"` the countries, named in the page's language, storing the
 * ISO code.
 */
export function SelectWidget(props: WidgetProps) {
  const source = getUiOptions(props.uiSchema).source;
  if (source === 'countries') return <CountrySelect {...props} />;
  return <EnumSelect {...props} />;
}

function CountrySelect(props: WidgetProps) {
  const intl = useIntl();
  const options = useMemo(() => countryOptions(intl.locale), [intl.locale]);
  return (
    <NativeSelect.Root disabled={props.disabled || props.readonly}>
      <NativeSelect.Field
        {...controlA11y(props)}
        name={props.htmlName ?? props.id}
        autoComplete={autoComplete(props) ?? 'country'}
        value={typeof props.value === 'string' ? props.value : ''}
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
        {...focusHandlers(props, props.value)}
      >
        <option value="">{intl.formatMessage({ id: 'formui.select.placeholder' })}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function EnumSelect(props: WidgetProps) {
  const text = useFormText();
  const enumOptions = (props.options.enumOptions ?? []) as EnumOptionsType[];
  const selected = enumOptionsIndexForValue(props.value, enumOptions, false);
  return (
    <NativeSelect.Root disabled={props.disabled || props.readonly}>
      <NativeSelect.Field
        {...controlA11y(props)}
        name={props.htmlName ?? props.id}
        value={typeof selected === 'string' ? selected : ''}
        onChange={(e) =>
          props.onChange(
            e.target.value === ''
              ? props.options.emptyValue
              : enumOptionsValueForIndex(e.target.value, enumOptions),
          )
        }
        {...focusHandlers(props, props.value)}
      >
        <option value="">
          {text(props.placeholder) || <FormattedMessage id="formui.select.placeholder" />}
        </option>
        {enumOptions.map((o, i) => (
          <option key={String(o.value)} value={String(i)}>
            {text(o.label)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function HiddenWidget(props: WidgetProps) {
  return (
    <input
      type="hidden"
      id={props.id}
      name={props.htmlName ?? props.id}
      value={props.value ?? ''}
    />
  );
}

/** Widgets by `ui:widget` name. The default names (text, email…) replace RJSF's own. */
export const WIDGETS: RegistryWidgetsType = {
  TextWidget,
  EmailWidget,
  PasswordWidget,
  TextareaWidget,
  CheckboxWidget,
  SelectWidget,
  HiddenWidget,
  // Our own, by the name a uiSchema writes.
  text: TextWidget,
  email: EmailWidget,
  password: PasswordWidget,
  textarea: TextareaWidget,
  checkbox: CheckboxWidget,
  select: SelectWidget,
  hidden: HiddenWidget,
  masked: MaskedWidget,
  cpf: CpfWidget,
  cnpj: CnpjWidget,
  cep: CepWidget,
  voucher: VoucherWidget,
  bin: BinWidget,
  phone: PhoneWidget,
  birthdate: DateWidget,
  date: DateWidget,
  DateWidget,
  captcha: CaptchaWidget,
};
