export type ScaffoldKind = 'python' | 'bash' | 'markdown';

/** The templates of the skill format spec, with the skill's name filled in. */
export function scaffoldSource(
  name: string,
  kind: ScaffoldKind,
): { file: string; text: string; mode: number } {
  if (kind === 'markdown') {
    return {
      file: `${name}.md`,
      mode: 0o644,
      text: `# 一句话功能摘要（首行，# 前缀会被自动去除）\n\n## 技能说明\n详细的功能描述、使用场景、操作步骤...\n\n## 注意事项\n需要特别关注的点...\n`,
    };
  }
  if (kind === 'bash') {
    return {
      file: `${name}.sh`,
      mode: 0o755,
      text: `#!/bin/bash
# 用法通过 --help 输出

if [ "$1" = "--help" ]; then
    echo "一句话功能摘要"
    echo ""
    echo "用法: ${name} [选项]"
    echo ""
    echo "选项:"
    echo "  -n NAME    指定名称"
    echo "  -h         显示帮助"
    echo ""
    echo "示例:"
    echo "  ${name} -n hello"
    exit 0
fi

# --- 业务逻辑 ---
echo "执行结果"
`,
    };
  }
  return {
    file: `${name}.py`,
    mode: 0o755,
    text: `#!/usr/bin/env python3
"""
技能模块内部说明（可选，不影响系统识别）
"""

import argparse
import sys


def main():
    parser = argparse.ArgumentParser(
        description="一句话功能摘要 —— 这是 --help 的第一行输出",
        epilog="""
参数说明:
  -x, --xxx    参数含义说明
  -y, --yyy    另一个参数说明

使用示例:
  ${name} -x value           # 基本用法
  ${name} -x value -y 10    # 组合用法
""",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("-x", "--xxx", type=str, required=True, help="参数说明")
    parser.add_argument("-y", "--yyy", type=int, default=10, help="参数说明 (默认 10)")

    args = parser.parse_args()

    # --- 业务逻辑 ---
    print(f"执行结果: xxx={args.xxx}, yyy={args.yyy}")


if __name__ == "__main__":
    main()
`,
  };
}
