#!/usr/bin/env python3
"""
单位换算技能：温度、长度、重量。只用标准库。
"""

import argparse
import sys

# 每种量的单位 → 换算到基准单位（长度: 米，重量: 千克）的系数
LENGTH = {
    "mm": 0.001, "cm": 0.01, "m": 1.0, "km": 1000.0,
    "in": 0.0254, "ft": 0.3048, "yd": 0.9144, "mi": 1609.344,
}
WEIGHT = {
    "mg": 1e-6, "g": 0.001, "kg": 1.0, "t": 1000.0,
    "oz": 0.028349523125, "lb": 0.45359237, "jin": 0.5,
}
TEMPERATURE = ("c", "f", "k")


def convert_temperature(value, src, dst):
    celsius = {"c": value, "f": (value - 32) * 5 / 9, "k": value - 273.15}[src]
    if src == "k" and value < 0:
        raise ValueError("开尔文温度不能为负")
    return {"c": celsius, "f": celsius * 9 / 5 + 32, "k": celsius + 273.15}[dst]


def convert(value, src, dst):
    src, dst = src.lower(), dst.lower()
    if src in TEMPERATURE and dst in TEMPERATURE:
        return convert_temperature(value, src, dst)
    for table in (LENGTH, WEIGHT):
        if src in table and dst in table:
            return value * table[src] / table[dst]
    raise ValueError(f"无法从 {src} 换算到 {dst}（单位未知或不属于同一类）")


def main():
    parser = argparse.ArgumentParser(
        description="单位换算工具 - 温度（摄氏/华氏/开尔文）、长度（米/英尺/英里…）、重量（千克/磅/斤…）互相换算",
        epilog="""
参数说明:
  VALUE          要换算的数值
  -f, --from     源单位
  -t, --to       目标单位
  -p, --precision 保留小数位数 (默认 4)

支持的单位:
  温度: c（摄氏度） f（华氏度） k（开尔文）
  长度: mm cm m km in ft yd mi
  重量: mg g kg t oz lb jin（斤）

使用示例:
  unit_convert 100 -f c -t f        # 100 摄氏度 = 212 华氏度
  unit_convert 5 -f km -t mi        # 5 公里换算成英里
  unit_convert 2 -f jin -t lb -p 2  # 2 斤换算成磅
""",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("value", type=float, help="要换算的数值")
    parser.add_argument("-f", "--from", dest="src", required=True, help="源单位")
    parser.add_argument("-t", "--to", dest="dst", required=True, help="目标单位")
    parser.add_argument("-p", "--precision", type=int, default=4, help="保留小数位数 (默认 4)")
    args = parser.parse_args()

    try:
        result = convert(args.value, args.src, args.dst)
    except ValueError as error:
        print(f"错误: {error}", file=sys.stderr)
        sys.exit(1)
    print(f"{args.value:g} {args.src} = {round(result, args.precision):g} {args.dst}")


if __name__ == "__main__":
    main()
