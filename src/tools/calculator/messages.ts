import { defineMessages } from '../../i18n/lang.js';

/** Strings of the calculator tool. */
export const calculatorMessages = defineMessages({
  zh: {
    calcDescription:
      '计算数学表达式（mathjs 语法），例如 "2^10 / 3"、"sqrt(2) * sin(pi / 4)"、"5 cm to inch"、"det([1,2;3,4])"。也兼容旧格式 a、b、operation（add/subtract/multiply/divide）。',
    calcExpression: '数学表达式（最多 500 个字符）',
    calcA: '旧格式：第一个数',
    calcB: '旧格式：第二个数',
    calcOperation: '旧格式：运算 add/subtract/multiply/divide',
    calcOk: '计算成功',
    calcMissing: '请提供 expression，或同时提供 a、b 和 operation',
    calcTooLong: (n: number, max: number) => `表达式过长（${n} 个字符，最多 ${max} 个）`,
    calcDivideByZero: '除数不能为 0',
    calcNotFinite: (value: string) => `结果不是有限数（${value}），可能是除以 0`,
    calcDisabled: (name: string) => `出于安全原因，表达式中不能使用函数 ${name}`,
    calcError: (error: string) => `表达式错误: ${error}`,
    calcTooLarge: (name: string, max: number) => `${name} 要创建的元素过多（最多 ${max} 个）`,
    calcStopped: '计算未完成',
    labelExpression: '表达式',
    labelReason: '原因',
    labelResult: '结果',
  },
  en: {
    calcDescription:
      'Evaluate a math expression (mathjs syntax), e.g. "2^10 / 3", "sqrt(2) * sin(pi / 4)", "5 cm to inch", "det([1,2;3,4])". The old form a, b, operation (add/subtract/multiply/divide) also works.',
    calcExpression: 'The expression (at most 500 characters)',
    calcA: 'Old form: first number',
    calcB: 'Old form: second number',
    calcOperation: 'Old form: add/subtract/multiply/divide',
    calcOk: 'Calculated',
    calcMissing: 'Give an expression, or all of a, b and operation',
    calcTooLong: (n, max) => `Expression too long (${n} chars, at most ${max})`,
    calcDivideByZero: 'Division by zero',
    calcNotFinite: (value) => `The result is not a finite number (${value}); probably a division by zero`,
    calcDisabled: (name) => `For safety, the function ${name} cannot be used in expressions`,
    calcError: (error) => `Invalid expression: ${error}`,
    calcTooLarge: (name, max) => `${name} would create too many elements (at most ${max})`,
    calcStopped: 'The calculation did not finish',
    labelExpression: 'expression',
    labelReason: 'reason',
    labelResult: 'result',
  },
});
